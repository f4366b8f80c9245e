// A daemon run from floodgate.conf: access by paired client, the flags over
// the file, a reload while a job runs, and a bad file that keeps the daemon
// from starting (or a reload from applying).

#include "test_support.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

bool logShows(const fgtest::DaemonProcess& d, const QString& text, int ms = 5000)
{
    return fgtest::waitFor([&] { return d.log().contains(text); }, ms);
}

// A daemon started with --config, and clients paired with it under names
// of our choosing.
class ConfiguredDaemon {
public:
    ConfiguredDaemon(const ScratchDir& dir, const std::string& configText, const QStringList& extra = {})
        : m_dir(dir)
    {
        writeConfig(configText);
        QString why;
        ok = daemon.start(QStringList{u"--config"_s, q(configPath())} + extra, q(dir.sub("serve.log")), &why);
        if (!ok) startError = why;
    }
    std::string configPath() const { return m_dir.sub("floodgate.conf"); }
    void writeConfig(const std::string& text) const { fgtest::writeFile(configPath(), text, 0640); }
    QString serverState() const { return q(m_dir.sub("server-state")); }

    // Pairs a client whose state is DIR/client-NAME, then names it NAME.
    bool pairAs(const QString& name)
    {
        CliRun code = fgtest::runCli({u"serve"_s, u"--new-code"_s, u"--state-dir"_s, serverState()});
        if (code.exitCode != 0) return false;
        CliRun paired = fgtest::runCli({u"pair"_s, daemon.url(QString()).chopped(1), u"--code"_s,
                                        QString::fromUtf8(code.out).trimmed(), u"--state-dir"_s, clientState(name)});
        if (paired.exitCode != 0) return false;
        CliRun listed = fgtest::runCli({u"clients"_s, u"list"_s, u"--state-dir"_s, serverState()});
        // The newest is the last line; its fingerprint the first word.
        const QByteArray last = listed.out.trimmed().split('\n').last();
        CliRun renamed = fgtest::runCli({u"clients"_s, u"rename"_s, QString::fromUtf8(last.split(' ').first()), name,
                                         u"--state-dir"_s, serverState()});
        return renamed.exitCode == 0;
    }
    QString clientState(const QString& name) const { return q(m_dir.sub("client-" + name.toStdString())); }
    CliRun sync(const QString& client, QStringList args) const
    {
        args.prepend(u"sync"_s);
        args << u"--json"_s << u"--state-dir"_s << clientState(client);
        return fgtest::runCli(args);
    }

    fgtest::DaemonProcess daemon;
    bool ok = false;
    QString startError;

private:
    const ScratchDir& m_dir;
};

std::string accessConfig(const ScratchDir& dir)
{
    return "[daemon]\n"
           "listen = 127.0.0.1:0\n"
           "state-dir = " + dir.sub("server-state") + "\n"
           "\n"
           "[module shared]\n"
           "path = " + dir.sub("shared") + "\n"
           "write = laptop\n"
           "read = desk\n"
           "\n"
           "[module open]\n"
           "path = " + dir.sub("open") + "\n"
           "\n"
           "[module private]\n"
           "path = " + dir.sub("private") + "\n"
           "write = laptop\n";
}

} // namespace

class TestDaemonConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accessListsDecideWhoSeesAndWritesAModule()
    {
        ScratchDir dir("fgconf");
        for (const char* m : {"shared", "open", "private"}) fgtest::writeFile(dir.sub(std::string(m) + "/.keep"), "");
        fgtest::writeFile(dir.sub("src/a.txt"), "from the laptop");
        ConfiguredDaemon nas(dir, accessConfig(dir));
        QVERIFY2(nas.ok, qPrintable(nas.startError + nas.daemon.log()));
        // The start-up lines say who may use what; the names are nobody's yet.
        QVERIFY2(nas.daemon.log().contains(u"module 'shared' lets 'desk', 'laptop' in, but no paired client is called that"_s),
                 qPrintable(nas.daemon.log()));
        QVERIFY(nas.pairAs(u"laptop"_s));
        QVERIFY(nas.pairAs(u"desk"_s));
        QVERIFY(nas.pairAs(u"guest"_s));

        VERIFY_EXIT(nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"shared/in/"_s)}), 0);
        QCOMPARE(fgtest::readFile(dir.sub("shared/in/a.txt")), std::string("from the laptop"));

        // The desk reads it, and may not write.
        VERIFY_EXIT(nas.sync(u"desk"_s, {nas.daemon.url(u"shared/in/"_s), q(dir.sub("desk-copy/"))}), 0);
        QCOMPARE(fgtest::readFile(dir.sub("desk-copy/a.txt")), std::string("from the laptop"));
        CliRun deskWrites = nas.sync(u"desk"_s, {q(dir.sub("src/")), nas.daemon.url(u"shared/desk/"_s)});
        VERIFY_EXIT(deskWrites, 5);
        QVERIFY2(deskWrites.err.contains("may be read, not written, by this client (desk)"), explain(deskWrites).constData());
        QVERIFY(!fgtest::exists(dir.sub("shared/desk")));

        // The guest sees only the open module: the others are not there for it.
        CliRun guest = nas.sync(u"guest"_s, {q(dir.sub("src/")), nas.daemon.url(u"private/x/"_s)});
        VERIFY_EXIT(guest, 3);
        QVERIFY2(guest.err.contains("no module 'private' for this client, guest (it may use: open)"),
                 explain(guest).constData());
        QVERIFY2(!guest.err.contains("shared"), explain(guest).constData());
        QVERIFY2(nas.daemon.log().contains(u"client guest"_s) && nas.daemon.log().contains(u"neither the read nor the write list of module 'private'"_s),
                 qPrintable(nas.daemon.log()));
        VERIFY_EXIT(nas.sync(u"guest"_s, {q(dir.sub("src/")), nas.daemon.url(u"open/guest/"_s)}), 0);

        // Renamed, a client is known by its new name from its next request.
        VERIFY_EXIT(fgtest::runCli({u"clients"_s, u"rename"_s, u"guest"_s, u"laptop"_s, u"--state-dir"_s, nas.serverState()}),
                    1); // taken
        VERIFY_EXIT(fgtest::runCli({u"clients"_s, u"rename"_s, u"desk"_s, u"laptop2"_s, u"--state-dir"_s, nas.serverState()}),
                    0);
        CliRun deskRenamed = nas.sync(u"desk"_s, {nas.daemon.url(u"shared/in/"_s), q(dir.sub("desk-copy2/"))});
        VERIFY_EXIT(deskRenamed, 3);
    }

    void flagsWinOverTheFile()
    {
        ScratchDir dir("fgconf");
        fgtest::writeFile(dir.sub("shared/.keep"), "");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        const uint16_t taken = fgtest::freeLocalPort();
        // The file's port is not the one it listens on, and its writable
        // module is made read-only by the command line.
        const std::string text = "[daemon]\nlisten = 127.0.0.1:" + std::to_string(taken) + "\nstate-dir = "
                               + dir.sub("server-state") + "\n[module shared]\npath = " + dir.sub("shared") + "\n";
        ConfiguredDaemon nas(dir, text, {u"--listen"_s, u"127.0.0.1:0"_s, u"--read-only"_s, u"shared"_s});
        QVERIFY2(nas.ok, qPrintable(nas.startError + nas.daemon.log()));
        QVERIFY(nas.daemon.port() != taken);
        QVERIFY(nas.pairAs(u"laptop"_s));
        CliRun push = nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"shared/"_s)});
        VERIFY_EXIT(push, 5);
        QVERIFY2(push.err.contains("read-only"), explain(push).constData());
    }

    void aBadFileKeepsTheDaemonFromStarting()
    {
        ScratchDir dir("fgconf");
        fgtest::writeFile(dir.sub("floodgate.conf"), "[daemon]\nlisten = 127.0.0.1:0\nmax-sesions = 4\n", 0640);
        CliRun r = fgtest::runCli({u"serve"_s, u"--config"_s, q(dir.sub("floodgate.conf"))}, 20000);
        VERIFY_EXIT(r, 1);
        QVERIFY2(r.err.contains("floodgate.conf, line 3") && r.err.contains("unknown setting 'max-sesions'"),
                 explain(r).constData());
        CliRun missing = fgtest::runCli({u"serve"_s, u"--config"_s, q(dir.sub("nope.conf"))}, 20000);
        VERIFY_EXIT(missing, 3);
        QVERIFY2(missing.err.contains("nope.conf"), explain(missing).constData());
        fgtest::writeFile(dir.sub("floodgate.conf"), "[daemon]\nlisten = 127.0.0.1:0\n[module m]\npath = "
                                                         + dir.sub("not-there") + "\n", 0640);
        CliRun noDir = fgtest::runCli({u"serve"_s, u"--config"_s, q(dir.sub("floodgate.conf"))}, 20000);
        VERIFY_EXIT(noDir, 1);
        QVERIFY2(noDir.err.contains("floodgate.conf, line 3") && noDir.err.contains("is not a directory"),
                 explain(noDir).constData());
    }

    // min-free: a push plans no file that would leave less free; the files
    // that fit arrive, the one that does not is refused before any of it is
    // written (exit 23, named, no temporary left), and a module at its floor
    // takes nothing.
    void aModuleKeepsItsFreeSpace()
    {
        if (::geteuid() != 0) QSKIP("needs root to mount a tmpfs of a known size");
        ScratchDir dir("fgconf");
        fgtest::writeFile(dir.sub("disk/.keep"), "");
        CliRun mounted = fgtest::runProgram(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"-o"_s, u"size=32m"_s, u"tmpfs"_s, q(dir.sub("disk"))});
        if (mounted.exitCode != 0) QSKIP("cannot mount a tmpfs here");
        struct Unmount {
            std::string path;
            ~Unmount() { fgtest::runProgram(u"umount"_s, {QString::fromStdString(path)}); }
        } unmount{dir.sub("disk")};
        QVERIFY(::mkdir(dir.sub("disk/roomy").c_str(), 0755) == 0);
        QVERIFY(::mkdir(dir.sub("disk/full").c_str(), 0755) == 0);
        for (const char* f : {"a.bin", "b.bin", "c.bin"})
            fgtest::writeFile(dir.sub(std::string("src/") + f), fgtest::randomBytes(5 << 20, uint64_t(f[0])));
        const std::string text = "[daemon]\nlisten = 127.0.0.1:0\nstate-dir = " + dir.sub("server-state")
                               + "\n[module roomy]\npath = " + dir.sub("disk/roomy") + "\nmin-free = 20M\n"
                               + "[module full]\npath = " + dir.sub("disk/full") + "\nmin-free = 99%\n";
        ConfiguredDaemon nas(dir, text);
        QVERIFY2(nas.ok, qPrintable(nas.startError + nas.daemon.log()));
        QVERIFY(nas.pairAs(u"laptop"_s));

        // 32 MiB, keeping 20: room for two files of 5 MiB, not three.
        CliRun push = nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"roomy/"_s)});
        VERIFY_EXIT(push, 23);
        QVERIFY2(push.err.contains("c.bin") && push.err.contains("keeps 20.0 MB free (floodgate.conf min-free)"),
                 explain(push).constData());
        QVERIFY(fgtest::readFile(dir.sub("disk/roomy/a.bin")) == fgtest::readFile(dir.sub("src/a.bin")));
        QVERIFY(fgtest::readFile(dir.sub("disk/roomy/b.bin")) == fgtest::readFile(dir.sub("src/b.bin")));
        QVERIFY(!fgtest::exists(dir.sub("disk/roomy/c.bin")));
        QVERIFY2(fgtest::tempFilesUnder(dir.sub("disk")).isEmpty(), qPrintable(fgtest::tempFilesUnder(dir.sub("disk")).join(u' ')));

        CliRun none = nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"full/"_s)});
        VERIFY_EXIT(none, 23);
        QVERIFY(!fgtest::exists(dir.sub("disk/full/a.bin")));
        CliRun status = fgtest::runCli({u"status"_s, u"--state-dir"_s, nas.serverState()});
        QVERIFY2(status.out.contains("at or below its min-free"), explain(status).constData());
    }

    // bwlimit caps each job in a module, push or pull, whatever the client
    // asks; client-bwlimit caps all of one client's jobs together. Lower
    // bounds only: a slow machine makes a job longer, never shorter.
    void theDaemonCapsRates()
    {
        ScratchDir dir("fgconf");
        for (const char* m : {"slow", "other"}) fgtest::writeFile(dir.sub(std::string(m) + "/.keep"), "");
        fgtest::writeFile(dir.sub("src/a.bin"), fgtest::randomBytes(6 << 20, 5));
        const std::string head = "[daemon]\nlisten = 127.0.0.1:0\nstate-dir = " + dir.sub("server-state") + "\n";
        ConfiguredDaemon nas(dir, head + "[module slow]\npath = " + dir.sub("slow") + "\nbwlimit = 2M\n[module other]\npath = "
                                      + dir.sub("other") + "\n");
        QVERIFY2(nas.ok, qPrintable(nas.startError + nas.daemon.log()));
        QVERIFY(nas.pairAs(u"laptop"_s));
        QElapsedTimer t;
        t.start();
        VERIFY_EXIT(nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"slow/in/"_s)}), 0);
        const qint64 pushMs = t.elapsed();
        QVERIFY2(pushMs >= 2400, qPrintable(QString::number(pushMs))); // 6 MiB at 2 MiB/s: 3 s
        t.restart();
        VERIFY_EXIT(nas.sync(u"laptop"_s, {nas.daemon.url(u"slow/in/"_s), q(dir.sub("back/")), u"--bwlimit"_s, u"100M"_s}), 0);
        const qint64 pullMs = t.elapsed();
        QVERIFY2(pullMs >= 2400, qPrintable(QString::number(pullMs)));
        QVERIFY(fgtest::readFile(dir.sub("back/a.bin")) == fgtest::readFile(dir.sub("src/a.bin")));
        // The other module has no cap.
        t.restart();
        VERIFY_EXIT(nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"other/in/"_s)}), 0);
        QVERIFY2(t.elapsed() < pushMs, qPrintable(QString::number(t.elapsed())));

        // One client, two jobs at once, 2 MiB/s between them (set by a reload).
        nas.writeConfig(head + "client-bwlimit = 2M\n[module slow]\npath = " + dir.sub("slow") + "\n[module other]\npath = "
                        + dir.sub("other") + "\n");
        VERIFY_EXIT(fgtest::runCli({u"serve"_s, u"--reload"_s, u"--config"_s, q(nas.configPath())}), 0);
        QProcess first;
        first.start(fgtest::cliPath(), {u"sync"_s, q(dir.sub("src/")), nas.daemon.url(u"slow/two/"_s), u"--state-dir"_s,
                                        nas.clientState(u"laptop"_s)});
        t.restart();
        CliRun second = nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"other/two/"_s)});
        QVERIFY(first.waitForFinished(60000));
        const qint64 bothMs = t.elapsed();
        VERIFY_EXIT(second, 0);
        QCOMPARE(first.exitCode(), 0);
        QVERIFY2(bothMs >= 4800, qPrintable(QString::number(bothMs))); // 12 MiB at 2 MiB/s: 6 s
    }

    void reloadAppliesNewModulesWhileAJobRuns()
    {
        ScratchDir dir("fgconf");
        fgtest::writeFile(dir.sub("before/.keep"), "");
        fgtest::writeFile(dir.sub("after/.keep"), "");
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(6 << 20, 7));
        const std::string head = "[daemon]\nlisten = 127.0.0.1:0\nstate-dir = " + dir.sub("server-state") + "\n";
        ConfiguredDaemon nas(dir, head + "[module before]\npath = " + dir.sub("before") + "\n");
        QVERIFY2(nas.ok, qPrintable(nas.startError + nas.daemon.log()));
        QVERIFY(nas.pairAs(u"laptop"_s));

        // A push of 6 MiB at 2 MiB/s runs while the module it writes into
        // leaves the configuration.
        QProcess job;
        job.start(fgtest::cliPath(), {u"sync"_s, q(dir.sub("src/")), nas.daemon.url(u"before/"_s), u"--bwlimit"_s,
                                      u"2M"_s, u"--state-dir"_s, nas.clientState(u"laptop"_s)});
        QVERIFY(job.waitForStarted());
        QVERIFY(fgtest::waitFor([&] { return nas.daemon.log().contains(u"receiving into"_s); }, 10000));
        nas.writeConfig(head + "max-sessions = 3\n[module after]\npath = " + dir.sub("after") + "\n");
        QVERIFY(::kill(pid_t(nas.daemon.pid()), SIGHUP) == 0);
        QVERIFY2(logShows(nas.daemon, u"reloaded: 1 module(s); added after; removed before (jobs running in it go on)"_s),
                 qPrintable(nas.daemon.log()));
        QVERIFY2(job.state() == QProcess::Running, "the job ended before the reload: make it longer");
        QVERIFY(job.waitForFinished(60000));
        QCOMPARE(job.exitCode(), 0);
        QVERIFY(fgtest::readFile(dir.sub("before/big.bin")) == fgtest::readFile(dir.sub("src/big.bin")));

        VERIFY_EXIT(nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"after/"_s)}), 0);
        CliRun gone = nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"before/again/"_s)});
        VERIFY_EXIT(gone, 3);
        QVERIFY2(gone.err.contains("no module 'before'"), explain(gone).constData());

        // A file that cannot be used is refused, and the daemon goes on as it was.
        nas.writeConfig(head + "[module after]\npath = " + dir.sub("after") + "\nread-only = sometimes\n");
        CliRun reload = fgtest::runCli({u"serve"_s, u"--reload"_s, u"--config"_s, q(nas.configPath())});
        VERIFY_EXIT(reload, 1);
        QVERIFY2(reload.err.contains("the settings stay as they were") && reload.err.contains("line 6, read-only"),
                 explain(reload).constData());
        QVERIFY(::kill(pid_t(nas.daemon.pid()), SIGHUP) == 0);
        QVERIFY2(logShows(nas.daemon, u"reload refused, the settings stay as they were: "_s), qPrintable(nas.daemon.log()));
        QVERIFY2(nas.daemon.log().contains(u"line 6, read-only"_s), qPrintable(nas.daemon.log()));
        QVERIFY(nas.daemon.running());
        VERIFY_EXIT(nas.sync(u"laptop"_s, {q(dir.sub("src/")), nas.daemon.url(u"after/2/"_s)}), 0);
    }
};

QTEST_GUILESS_MAIN(TestDaemonConfig)
#include "test_daemon_config.moc"
