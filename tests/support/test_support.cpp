#include "test_support.h"

#include "codec/hash.h"
#include "platform/fs.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace fgtest {

ScratchDir::ScratchDir(const char* prefix)
{
    auto dir = fg::platform::makeTempDirectory(prefix);
    if (!dir.ok()) throw std::runtime_error(dir.error().message);
    m_path = *dir;
}

ScratchDir::~ScratchDir()
{
    // Tests may leave read-only directories behind; make them writable first.
    std::string cmd = "chmod -R u+rwx '" + m_path + "' 2>/dev/null";
    if (std::system(cmd.c_str()) != 0) {
    }
    (void)fg::platform::removeTree(m_path);
}

void writeFile(const std::string& path, const std::string& content, unsigned mode)
{
    QDir().mkpath(QFileInfo(QString::fromStdString(path)).absolutePath());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), std::streamsize(content.size()));
    out.close();
    ::chmod(path.c_str(), mode);
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool exists(const std::string& path)
{
    struct stat st{};
    return ::lstat(path.c_str(), &st) == 0;
}

void setMtime(const std::string& path, int64_t sec, long nsec)
{
    struct timespec ts[2];
    ts[0].tv_sec = 0;
    ts[0].tv_nsec = UTIME_OMIT;
    ts[1].tv_sec = sec;
    ts[1].tv_nsec = nsec;
    ::utimensat(AT_FDCWD, path.c_str(), ts, AT_SYMLINK_NOFOLLOW);
}

std::string randomBytes(size_t n, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::string out(n, '\0');
    for (size_t i = 0; i < n; i += 8) {
        uint64_t v = rng();
        for (size_t k = 0; k < 8 && i + k < n; ++k) out[i + k] = char((v >> (8 * k)) & 0xff);
    }
    return out;
}

namespace {
void describeInto(const std::string& root, const std::string& rel, bool withMtime,
                  std::map<std::string, std::string>& out)
{
    QDir dir(QString::fromStdString(rel.empty() ? root : root + "/" + rel));
    const auto names = dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    for (const QString& qn : names) {
        std::string name = qn.toStdString();
        std::string childRel = rel.empty() ? name : rel + "/" + name;
        std::string full = root + "/" + childRel;
        struct stat st{};
        if (::lstat(full.c_str(), &st) != 0) continue;
        std::ostringstream line;
        const char* type = S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" : S_ISREG(st.st_mode) ? "file" : "other";
        line << type;
        if (S_ISREG(st.st_mode)) line << " size=" << st.st_size;
        if (!S_ISLNK(st.st_mode)) line << " mode=" << std::oct << (st.st_mode & 07777) << std::dec;
        if (withMtime && !S_ISDIR(st.st_mode))
            line << " mtime=" << st.st_mtim.tv_sec << "." << st.st_mtim.tv_nsec;
        if (S_ISLNK(st.st_mode)) {
            char buf[4096];
            ssize_t n = ::readlink(full.c_str(), buf, sizeof buf);
            line << " -> " << std::string(buf, n > 0 ? size_t(n) : 0);
        }
        if (S_ISREG(st.st_mode)) {
            std::string data = readFile(full);
            line << " xxh=" << fg::toHex(fg::digestOf(fg::ChecksumChoice::Xxh128, data.data(), data.size()));
        }
        out[childRel] = line.str();
        if (S_ISDIR(st.st_mode)) describeInto(root, childRel, withMtime, out);
    }
}
} // namespace

std::map<std::string, std::string> describeTree(const std::string& root, bool withMtime)
{
    std::map<std::string, std::string> out;
    describeInto(root, "", withMtime, out);
    return out;
}

QString diffTrees(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b)
{
    QString diff;
    for (const auto& [path, desc] : a) {
        auto it = b.find(path);
        if (it == b.end()) diff += QStringLiteral("only in first: %1\n").arg(QString::fromStdString(path));
        else if (it->second != desc)
            diff += QStringLiteral("differs: %1: %2 vs %3\n")
                        .arg(QString::fromStdString(path), QString::fromStdString(desc), QString::fromStdString(it->second));
    }
    for (const auto& [path, desc] : b)
        if (!a.count(path)) diff += QStringLiteral("only in second: %1\n").arg(QString::fromStdString(path));
    return diff;
}

QString cliPath() { return QStringLiteral(FG_CLI_PATH); }

QByteArray explain(const CliRun& r)
{
    return "exit " + QByteArray::number(r.exitCode) + "\n--- stdout:\n" + r.out + "\n--- stderr:\n" + r.err;
}

CliRun runCli(const QStringList& args, int timeoutMs, const QByteArray& stdinData)
{
    QProcess proc;
    proc.start(cliPath(), args);
    CliRun run;
    if (!proc.waitForStarted(10000)) {
        run.err = "could not start " + cliPath().toUtf8();
        return run;
    }
    if (!stdinData.isEmpty()) proc.write(stdinData);
    proc.closeWriteChannel();
    if (!proc.waitForFinished(timeoutMs)) {
        proc.kill();
        proc.waitForFinished();
        run.err = "timed out: " + args.join(QLatin1Char(' ')).toUtf8();
        return run;
    }
    run.exitCode = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    run.out = proc.readAllStandardOutput();
    run.err = proc.readAllStandardError();
    return run;
}

} // namespace fgtest

// ---- additions for the end-to-end (integration) suites ----------------------

namespace fgtest {

CliRun runProgram(const QString& program, const QStringList& args, int timeoutMs, const QByteArray& stdinData)
{
    QProcess proc;
    proc.start(program, args);
    CliRun run;
    if (!proc.waitForStarted(10000)) {
        run.err = "could not start " + program.toUtf8() + ": " + proc.errorString().toUtf8();
        return run;
    }
    if (!stdinData.isEmpty()) proc.write(stdinData);
    proc.closeWriteChannel();
    if (!proc.waitForFinished(timeoutMs)) {
        proc.kill();
        proc.waitForFinished();
        run.err = "timed out: " + program.toUtf8() + " " + args.join(QLatin1Char(' ')).toUtf8();
        return run;
    }
    run.exitCode = proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
    run.out = proc.readAllStandardOutput();
    run.err = proc.readAllStandardError();
    return run;
}

namespace {
sockaddr_in loopback(uint16_t port)
{
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return addr;
}
} // namespace

uint16_t freeLocalPort()
{
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return 0;
    sockaddr_in addr = loopback(0);
    uint16_t port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
        socklen_t len = sizeof addr;
        if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) port = ntohs(addr.sin_port);
    }
    ::close(fd);
    return port;
}

int openRawSocket(uint16_t port)
{
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    sockaddr_in addr = loopback(port);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void closeRawSocket(int fd)
{
    if (fd >= 0) ::close(fd);
}

bool canConnect(uint16_t port)
{
    int fd = openRawSocket(port);
    closeRawSocket(fd);
    return fd >= 0;
}

bool waitForPort(uint16_t port, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (canConnect(port)) return true;
        QThread::msleep(50);
    }
    return false;
}

bool rawTcpSession(uint16_t port, const QByteArray& data, int holdMs)
{
    int fd = openRawSocket(port);
    if (fd < 0) return false;
    ::signal(SIGPIPE, SIG_IGN);
    qsizetype off = 0;
    while (off < data.size()) {
        ssize_t n = ::send(fd, data.constData() + off, size_t(data.size() - off), MSG_NOSIGNAL);
        if (n <= 0) break; // the server may hang up on garbage: that is fine
        off += n;
    }
    if (holdMs > 0) QThread::msleep(holdMs);
    ::close(fd);
    return true;
}

QString stageTimesMismatch(const QJsonObject& report)
{
    const QJsonArray stages = report.value(QStringLiteral("stages")).toArray();
    if (stages.isEmpty()) return QStringLiteral("the report has no stages");
    QStringList wrong;
    for (const QJsonValue& v : stages) {
        const QJsonObject s = v.toObject();
        const double parts = s.value(QStringLiteral("busy_seconds")).toDouble()
                             + s.value(QStringLiteral("wait_input_seconds")).toDouble()
                             + s.value(QStringLiteral("wait_output_seconds")).toDouble();
        const double whole = s.value(QStringLiteral("seconds")).toDouble(-1);
        if (whole < 0 || std::abs(parts - whole) > std::max(0.1 * whole, 1e-4))
            wrong << QStringLiteral("%1%2: busy + waiting %3 s, seconds %4")
                         .arg(s.value(QStringLiteral("name")).toString(),
                              s.value(QStringLiteral("remote")).toBool() ? QStringLiteral("@remote") : QString())
                         .arg(parts, 0, 'f', 6)
                         .arg(whole, 0, 'f', 6);
    }
    return wrong.join(QStringLiteral("; "));
}

std::map<QString, qint64> stageBytes(const QJsonObject& report)
{
    std::map<QString, qint64> out;
    for (const QJsonValue& v : report.value(QStringLiteral("stages")).toArray()) {
        const QJsonObject s = v.toObject();
        const QString name = s.value(QStringLiteral("name")).toString()
                             + (s.value(QStringLiteral("remote")).toBool() ? QStringLiteral("@remote") : QString());
        out[name] = s.value(QStringLiteral("bytes")).toInteger();
    }
    return out;
}

QJsonObject parseJsonObject(const QByteArray& text, QString* error)
{
    QJsonParseError pe{};
    QJsonDocument doc = QJsonDocument::fromJson(text.trimmed(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error) *error = QStringLiteral("not valid JSON (%1 at %2): %3")
                                .arg(pe.errorString())
                                .arg(pe.offset)
                                .arg(QString::fromUtf8(text));
        return {};
    }
    if (!doc.isObject()) {
        if (error) *error = QStringLiteral("JSON is not an object: ") + QString::fromUtf8(text);
        return {};
    }
    return doc.object();
}

bool waitFor(const std::function<bool()>& condition, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (condition()) return true;
        QThread::msleep(20);
    }
    return condition();
}

QStringList tempFilesUnder(const std::string& root)
{
    static const QRegularExpression re(QStringLiteral("^\\..+\\.fg-[A-Za-z0-9]{6}$"));
    QStringList out;
    const QString base = QString::fromStdString(root);
    QDirIterator it(base, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        if (re.match(it.fileName()).hasMatch()) out << QDir(base).relativeFilePath(it.filePath());
    }
    out.sort();
    return out;
}

bool hasTempFileOf(const std::string& root, const QString& name)
{
    const QString prefix = QLatin1Char('.') + name + QStringLiteral(".fg-");
    QDirIterator it(QString::fromStdString(root), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        if (it.fileName().startsWith(prefix)) return true;
    }
    return false;
}

void makeSampleTree(const std::string& root, uint64_t seed)
{
    QDir().mkpath(QString::fromStdString(root));
    const int64_t t0 = 1600000000 + int64_t(seed % 1000) * 100;
    writeFile(root + "/a.txt", "alpha " + std::to_string(seed) + "\n", 0644);
    setMtime(root + "/a.txt", t0 + 1, 123456789);
    writeFile(root + "/empty.dat", "", 0600);
    setMtime(root + "/empty.dat", t0 + 2, 1);
    writeFile(root + "/run.sh", "#!/bin/sh\necho " + std::to_string(seed) + "\n", 0755);
    setMtime(root + "/run.sh", t0 + 3, 999999999);
    writeFile(root + "/sub/b.bin", randomBytes(300 * 1024 + 17, seed), 0644);
    setMtime(root + "/sub/b.bin", t0 + 4, 500);
    writeFile(root + "/sub/deeper/c.txt", "gamma", 0444);
    setMtime(root + "/sub/deeper/c.txt", t0 + 5, 42);
    writeFile(root + "/sub/deeper/name with spaces & ümlaut.txt", "delta", 0640);
    setMtime(root + "/sub/deeper/name with spaces & ümlaut.txt", t0 + 6, 7);
    QDir().mkpath(QString::fromStdString(root + "/emptydir"));
    QDir().mkpath(QString::fromStdString(root + "/sub/empty-nested"));
    ::chmod((root + "/sub/empty-nested").c_str(), 0750);
    if (::symlink("sub/deeper/c.txt", (root + "/link-rel").c_str()) != 0) throw std::runtime_error("symlink");
    if (::symlink("does/not/exist", (root + "/sub/link-dangling").c_str()) != 0) throw std::runtime_error("symlink");
    if (::symlink("/etc/hostname", (root + "/link-abs").c_str()) != 0) throw std::runtime_error("symlink");
    setMtime(root + "/link-rel", t0 + 7, 77);
    setMtime(root + "/sub/link-dangling", t0 + 8, 88);
    setMtime(root + "/link-abs", t0 + 9, 99);
}

void chmodTree(const std::string& root, unsigned dirMode, unsigned fileMode)
{
    ::chmod(root.c_str(), dirMode);
    QDirIterator it(QString::fromStdString(root), QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QByteArray path = it.filePath().toLocal8Bit();
        struct stat st{};
        if (::lstat(path.constData(), &st) != 0 || S_ISLNK(st.st_mode)) continue;
        ::chmod(path.constData(), S_ISDIR(st.st_mode) ? dirMode : fileMode);
    }
}

DaemonProcess::DaemonProcess() : m_proc(new QProcess) {}

DaemonProcess::~DaemonProcess()
{
    if (running()) {
        m_proc->terminate();
        if (!m_proc->waitForFinished(5000)) {
            m_proc->kill();
            m_proc->waitForFinished(5000);
        }
    }
    delete m_proc;
}

bool DaemonProcess::start(const QStringList& serveArgs, const QString& logFile, QString* why, int timeoutMs)
{
    m_logFile = logFile;
    m_args = serveArgs;
    m_proc->setStandardErrorFile(logFile, m_port ? QIODevice::Append : QIODevice::Truncate);
    if (m_launcher.isEmpty())
        m_proc->start(cliPath(), QStringList{QStringLiteral("serve")} + serveArgs);
    else
        m_proc->start(m_launcher.front(),
                      m_launcher.mid(1) + QStringList{cliPath(), QStringLiteral("serve")} + serveArgs);
    if (!m_proc->waitForStarted(10000)) {
        if (why) *why = QStringLiteral("could not start floodgate serve: ") + m_proc->errorString();
        return false;
    }
    static const QRegularExpression listenRe(QStringLiteral("floodgate serve: listening on (\\S+):(\\d+)"));
    static const QRegularExpression idRe(QStringLiteral("server identity: (SHA256:\\S+)"));
    static const QRegularExpression codeRe(QStringLiteral("pairing code: (\\S+)"));
    QByteArray out;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (m_proc->state() != QProcess::Running) break;
        m_proc->waitForReadyRead(100);
        out += m_proc->readAllStandardOutput();
        if (out.contains("pairing code:") && out.indexOf('\n', out.indexOf("pairing code:")) >= 0) break;
    }
    m_banner = QString::fromUtf8(out);
    auto listen = listenRe.match(m_banner);
    auto id = idRe.match(m_banner);
    auto code = codeRe.match(m_banner);
    if (!listen.hasMatch() || !id.hasMatch() || !code.hasMatch()) {
        if (why)
            *why = QStringLiteral("floodgate serve did not print its banner (listening/identity/pairing code).\n"
                                  "stdout: %1\nstderr: %2")
                       .arg(m_banner, log());
        return false;
    }
    m_port = uint16_t(listen.captured(2).toUInt());
    m_identity = id.captured(1);
    m_pairCode = code.captured(1);
    if (m_port == 0) {
        if (why) *why = QStringLiteral("floodgate serve printed port 0: ") + m_banner;
        return false;
    }
    return true;
}

QString DaemonProcess::url(const QString& rest) const
{
    return QStringLiteral("floodgate://127.0.0.1:%1/%2").arg(m_port).arg(rest);
}

QString DaemonProcess::log() const
{
    QFile f(m_logFile);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

bool DaemonProcess::running() const { return m_proc->state() != QProcess::NotRunning; }

qint64 DaemonProcess::pid() const { return m_proc->processId(); }

int DaemonProcess::stopWith(int signal, int timeoutMs)
{
    if (!running()) return m_proc->exitStatus() == QProcess::NormalExit ? m_proc->exitCode() : -1;
    ::kill(pid_t(m_proc->processId()), signal);
    if (!m_proc->waitForFinished(timeoutMs)) {
        m_proc->kill();
        m_proc->waitForFinished(5000);
        return -1;
    }
    return m_proc->exitStatus() == QProcess::NormalExit ? m_proc->exitCode() : -1;
}

void DaemonProcess::killHard()
{
    if (!running()) return;
    m_proc->kill();
    m_proc->waitForFinished(5000);
}

bool DaemonProcess::restart(QString* why, int timeoutMs)
{
    killHard();
    QStringList args = m_args;
    for (qsizetype i = 0; i + 1 < args.size(); ++i)
        if (args[i] == QStringLiteral("--listen") && args[i + 1].endsWith(QStringLiteral(":0")))
            args[i + 1] = args[i + 1].chopped(1) + QString::number(m_port);
    return start(args, m_logFile, why, timeoutMs);
}

PairedDaemon::PairedDaemon(const ScratchDir& dir, const std::string& modulePath, const QStringList& serveArgs)
    : m_dir(dir)
{
    QString why;
    const std::string module = modulePath.empty() ? dir.sub("module") : modulePath;
    const QStringList args = QStringList{QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--module"),
                                         QString::fromStdString("m=" + module), QStringLiteral("--state-dir"),
                                         QString::fromStdString(dir.sub("server-state"))}
                           + serveArgs;
    if (modulePath.empty()) writeFile(dir.sub("module/.keep"), "");
    ok = daemon.start(args, QString::fromStdString(dir.sub("serve.log")), &why);
    if (!ok) return;
    auto paired = runCli({QStringLiteral("pair"), daemon.url(QString()).chopped(1), QStringLiteral("--code"),
                          daemon.pairCode(), QStringLiteral("--state-dir"), QString::fromStdString(dir.sub("client-state"))});
    ok = paired.exitCode == 0;
}

QStringList PairedDaemon::syncArgs(QStringList args) const
{
    args.prepend(QStringLiteral("sync"));
    args << QStringLiteral("--json") << QStringLiteral("--state-dir") << QString::fromStdString(m_dir.sub("client-state"));
    return args;
}

CliRun PairedDaemon::sync(QStringList args) const { return runCli(syncArgs(std::move(args))); }

} // namespace fgtest
