#pragma once
// Helpers shared by the test suites: scratch trees, tree comparison, running
// the floodgate CLI. Not part of any shipped target.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <functional>
#include <string>

namespace fgtest {

// Paths in the tests are std::string; Qt's APIs take QString.
inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// A scratch directory removed (with everything in it) when the object dies.
class ScratchDir {
public:
    explicit ScratchDir(const char* prefix = "fgtest");
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string sub(const std::string& rel) const { return m_path + "/" + rel; }

private:
    std::string m_path;
};

// Writes a file (creating parent directories) with the given content and mode.
void writeFile(const std::string& path, const std::string& content, unsigned mode = 0644);
std::string readFile(const std::string& path);
bool exists(const std::string& path);
void setMtime(const std::string& path, int64_t sec, long nsec = 0);
// Deterministic pseudo-random bytes.
std::string randomBytes(size_t n, uint64_t seed);

// One line per entry: "path type size mode mtime_ns [link target] [content hash]",
// sorted: two trees are equal (content, metadata, links, empty dirs) when their
// descriptions are. The root's own attributes are left out.
std::map<std::string, std::string> describeTree(const std::string& root, bool withMtime = true);
// A readable diff of two descriptions, empty when equal.
QString diffTrees(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b);

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};
// A run's exit code, stdout and stderr, for a failed check's message (found
// by argument-dependent lookup: explain(run) needs no qualification).
QByteArray explain(const CliRun& r);
// QVERIFY that a run exited with `code`, saying what it printed if not.
// `run` is evaluated once: QVERIFY2 evaluates its message even when the
// check passes, so VERIFY_EXIT(sync(...), 0) would otherwise run it twice.
#define VERIFY_EXIT(run, code)                                                                                         \
    do {                                                                                                               \
        const auto& verifiedRun_ = (run);                                                                              \
        QVERIFY2(verifiedRun_.exitCode == (code), fgtest::explain(verifiedRun_).constData());                          \
    } while (0)
// Runs the floodgate CLI with args; fails the test on a timeout.
CliRun runCli(const QStringList& args, int timeoutMs = 120000, const QByteArray& stdinData = {});
QString cliPath();

} // namespace fgtest

// ---- additions for the end-to-end (integration) suites ----------------------

class QProcess;
class QJsonObject;

namespace fgtest {

// Runs any program (not only the CLI) the way runCli does.
CliRun runProgram(const QString& program, const QStringList& args, int timeoutMs = 120000,
                  const QByteArray& stdinData = {});

// A TCP port on 127.0.0.1 that was free a moment ago (bound, then released).
uint16_t freeLocalPort();
// Whether something accepts a TCP connection on 127.0.0.1:port.
bool canConnect(uint16_t port);
// Polls canConnect until it succeeds or the time is up.
bool waitForPort(uint16_t port, int timeoutMs);
// Polls `condition` every 20 ms until it holds (true) or timeoutMs is over
// (its last answer).
bool waitFor(const std::function<bool()>& condition, int timeoutMs);
// A raw TCP client on 127.0.0.1:port: connects, writes `data`, waits `holdMs`
// and hangs up. Returns false when it could not connect.
bool rawTcpSession(uint16_t port, const QByteArray& data, int holdMs = 0);
// Opens a TCP connection to 127.0.0.1:port and keeps it open (silent) until
// closeRawSocket(fd). -1 on failure.
int openRawSocket(uint16_t port);
void closeRawSocket(int fd);

// Parses `text` as exactly one JSON object; on failure returns an empty object
// and sets *error.
QJsonObject parseJsonObject(const QByteArray& text, QString* error);

// The pipeline's accounting in a `sync --json` report: empty when every stage's
// busy + waiting-for-input + waiting-for-output is within 10 % of its
// `seconds` (and 0.1 ms, for stages of a few microseconds); else which stages
// do not add up, with their figures. A report without stages fails too.
QString stageTimesMismatch(const QJsonObject& report);
// The stages of a report, "NAME" for this end's, "NAME@remote" for the far
// end's, each with its bytes: {"encrypt" -> 4096, "write@remote" -> 4096}.
std::map<QString, qint64> stageBytes(const QJsonObject& report);

// Entries under root (recursively) whose names look like floodgate temporary
// files (".NAME.fg-XXXXXX"), as paths relative to root.
QStringList tempFilesUnder(const std::string& root);
// Whether the temporary file of a file named `name` exists somewhere under
// root: its data has started to come (its size says nothing: a temporary is
// allocated whole at once).
bool hasTempFileOf(const std::string& root, const QString& name);

// A small tree with what a sync must keep: nested directories, files of
// several sizes (empty, small, a few hundred KB), modes 0600/0644/0755/0444,
// mtimes with nanoseconds, a relative symlink, a dangling symlink, an absolute
// symlink and empty directories (one nested). `seed` varies the contents.
void makeSampleTree(const std::string& root, uint64_t seed = 1);

// chmod -R (directories `dirMode`, files `fileMode`; symlinks left alone).
void chmodTree(const std::string& root, unsigned dirMode, unsigned fileMode);

// `floodgate serve` as a child process, stopped (SIGTERM, then SIGKILL) when
// the object dies, so a failing test never leaves a daemon behind.
class DaemonProcess {
public:
    DaemonProcess();
    ~DaemonProcess();
    DaemonProcess(const DaemonProcess&) = delete;
    DaemonProcess& operator=(const DaemonProcess&) = delete;

    // Starts `floodgate serve <args>` (the caller gives --listen, --module,
    // --state-dir ...), its stderr going to `logFile`, and reads the banner.
    // Returns false (with *why) when it does not come up.
    bool start(const QStringList& serveArgs, const QString& logFile, QString* why, int timeoutMs = 20000);
    // Runs it through this command instead (`ip netns exec NS`: a daemon
    // inside a network namespace); set before start().
    void setLauncher(const QStringList& launcher) { m_launcher = launcher; }

    uint16_t port() const { return m_port; }
    QString pairCode() const { return m_pairCode; }
    QString identity() const { return m_identity; }
    QString banner() const { return m_banner; }
    // floodgate://127.0.0.1:PORT/<rest>
    QString url(const QString& rest) const;
    QString log() const; // what the daemon wrote on stderr so far
    bool running() const;
    qint64 pid() const;

    // Sends `signal` and waits for the exit; returns the exit code, or -1 if it
    // did not exit within timeoutMs (then it is killed) or died by a signal.
    int stopWith(int signal, int timeoutMs = 10000);
    // SIGKILL, as a crash or a pulled plug would look to the peer.
    void killHard();
    // Starts it again after it stopped (killHard), with the same arguments
    // but on the port it had, as a daemon restarted by its service manager;
    // its log goes on in the same file.
    bool restart(QString* why, int timeoutMs = 20000);

private:
    QProcess* m_proc = nullptr;
    QString m_logFile;
    QStringList m_args;
    QStringList m_launcher;
    QString m_banner;
    QString m_pairCode;
    QString m_identity;
    uint16_t m_port = 0;
};

// A daemon on 127.0.0.1 serving module "m" (DIR/module) and a client paired
// with it (state in DIR/client-state): the set-up of every test that syncs
// through a daemon with the real CLI.
class PairedDaemon {
public:
    // The module "m" is DIR/module, or `modulePath` when given (a mount);
    // `serveArgs` go on the daemon's command line too.
    explicit PairedDaemon(const ScratchDir& dir, const std::string& modulePath = {}, const QStringList& serveArgs = {});
    // `floodgate sync ARGS --json --state-dir <the paired client's>`.
    QStringList syncArgs(QStringList args) const;
    CliRun sync(QStringList args) const;

    DaemonProcess daemon;
    bool ok = false; // up and paired; else daemon.log() says why

private:
    const ScratchDir& m_dir;
};

} // namespace fgtest
