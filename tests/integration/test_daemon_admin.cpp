// Running a daemon day to day: SIGHUP reloads instead of killing it, an
// unusable state directory is exit 3 with the path and the remedy, the
// pairing code can be shown (or renewed) for a running daemon through its
// admin socket, and paired clients are listed and revoked with a command.

#include "test_support.h"

#include <floodgate/server.h>

#include <QTest>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <mutex>
#include <sys/stat.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

// Waits up to `ms` for the daemon's log to contain `text`.
bool logShows(const fgtest::DaemonProcess& d, const QString& text, int ms = 5000)
{
    for (int waited = 0; waited < ms; waited += 50) {
        if (d.log().contains(text)) return true;
        QThread::msleep(50);
    }
    return false;
}

} // namespace

class TestDaemonAdmin : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sighupReloadsAndKeepsServing()
    {
        ScratchDir dir("fgadm");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        QVERIFY(::kill(pid_t(nas.daemon.pid()), SIGHUP) == 0);
        QVERIFY2(logShows(nas.daemon, u"reloaded: 1 module(s)"_s), qPrintable(nas.daemon.log()));
        QVERIFY(nas.daemon.running());
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = nas.sync({q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("module/b/a.txt")), std::string("a"));
        // A module that went away is named by the next reload.
        fgtest::runProgram(u"mv"_s, {q(dir.sub("module")), q(dir.sub("module.away"))});
        QVERIFY(::kill(pid_t(nas.daemon.pid()), SIGHUP) == 0);
        QVERIFY2(logShows(nas.daemon, u"not a directory now"_s), qPrintable(nas.daemon.log()));
        QVERIFY(nas.daemon.running());
    }

    void unusableStateDirectoryIsExitThree()
    {
        ScratchDir dir("fgadm");
        fgtest::writeFile(dir.sub("a-file"), "not a directory");
        fgtest::writeFile(dir.sub("module/.keep"), "");
        CliRun r = fgtest::runCli({u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s,
                                   q("m=" + dir.sub("module")), u"--state-dir"_s, q(dir.sub("a-file/state"))},
                                  20000);
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains(q(dir.sub("a-file/state")).toUtf8()) && r.err.contains("--state-dir"),
                 explain(r).constData());
    }

    // Its admin door is a local socket in the state directory, whose path
    // may be too long for one (108 bytes on Linux; Wine has none at all):
    // the daemon says so and serves anyway. It used to call its own
    // moved-from log there and die of bad_function_call.
    void servesWithoutAnAdminSocketWhereNoneCanBeMade()
    {
        ScratchDir dir("fgadm");
        fgtest::writeFile(dir.sub("module/.keep"), "");
        std::vector<std::string> lines;
        std::mutex linesMutex;
        fg::ServerConfig config;
        config.modules.resize(1);
        config.modules[0].name = "m";
        config.modules[0].path = dir.sub("module");
        config.pairCode = "123456";
        config.stateDir = dir.sub("state-" + std::string(120, 's'));
        auto server = fg::Server::start(config, [&](fg::LogLevel, const std::string& line) {
            std::lock_guard lock(linesMutex);
            lines.push_back(line);
        });
        QVERIFY2(server.ok(), server.ok() ? "" : server.error().message.c_str());
        QVERIFY((*server)->port() != 0);
        std::lock_guard lock(linesMutex);
        const bool said = std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            return l.find("no admin socket") != std::string::npos && l.find("shorter --state-dir") != std::string::npos;
        });
        QVERIFY2(said, lines.empty() ? "nothing logged" : lines.back().c_str());
    }

    void pairingCodeForARunningDaemon()
    {
        ScratchDir dir("fgadm");
        fgtest::writeFile(dir.sub("module/.keep"), "");
        fgtest::DaemonProcess d;
        QString why;
        const QString state = q(dir.sub("server-state"));
        QVERIFY2(d.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + dir.sub("module")),
                          u"--state-dir"_s, state},
                         q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        // Only the daemon's user may open the admin socket.
        struct stat st{};
        QVERIFY(::stat((dir.sub("server-state") + "/admin.sock").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0600));

        CliRun shown = fgtest::runCli({u"serve"_s, u"--show-code"_s, u"--state-dir"_s, state});
        VERIFY_EXIT(shown, 0);
        QCOMPARE(QString::fromUtf8(shown.out).trimmed(), d.pairCode());

        CliRun renewed = fgtest::runCli({u"serve"_s, u"--new-code"_s, u"--state-dir"_s, state});
        VERIFY_EXIT(renewed, 0);
        const QString fresh = QString::fromUtf8(renewed.out).trimmed();
        QVERIFY(fresh != d.pairCode() && fresh.size() == 11);
        // The old code no longer pairs; the new one does.
        const QString server = d.url(QString()).chopped(1);
        CliRun old = fgtest::runCli({u"pair"_s, server, u"--code"_s, d.pairCode(), u"--state-dir"_s,
                                     q(dir.sub("client-a"))});
        QVERIFY2(old.exitCode == 5, explain(old).constData());
        CliRun ok = fgtest::runCli({u"pair"_s, server, u"--code"_s, fresh, u"--state-dir"_s, q(dir.sub("client-b"))});
        VERIFY_EXIT(ok, 0);
    }

    void showCodeWithoutADaemonSaysSo()
    {
        ScratchDir dir("fgadm");
        CliRun r = fgtest::runCli({u"serve"_s, u"--show-code"_s, u"--state-dir"_s, q(dir.sub("nothing-here"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("no floodgate daemon runs with the state directory"), explain(r).constData());
    }

    void clientsAreListedAndRevoked()
    {
        ScratchDir dir("fgadm");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        const QString state = q(dir.sub("server-state"));
        CliRun listed = fgtest::runCli({u"clients"_s, u"list"_s, u"--state-dir"_s, state});
        VERIFY_EXIT(listed, 0);
        const QList<QByteArray> lines = listed.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].startsWith("SHA256:"), explain(listed).constData());
        const QString fp = QString::fromUtf8(lines[0].split(' ').first());

        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        VERIFY_EXIT(nas.sync({q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)}), 0);

        // A prefix without "SHA256:" is enough when it names one client.
        CliRun revoked = fgtest::runCli({u"clients"_s, u"revoke"_s, fp.mid(7, 12), u"--state-dir"_s, state});
        VERIFY_EXIT(revoked, 0);
        QVERIFY(revoked.out.contains(fp.toUtf8()));
        CliRun after = fgtest::runCli({u"clients"_s, u"list"_s, u"--state-dir"_s, state});
        QVERIFY2(after.out.contains("no paired clients"), explain(after).constData());
        // The running daemon refuses it from the next connection on.
        CliRun refused = nas.sync({q(dir.sub("src/")), nas.daemon.url(u"m/c/"_s)});
        VERIFY_EXIT(refused, 5);
        CliRun unknown = fgtest::runCli({u"clients"_s, u"revoke"_s, u"SHA256:nope"_s, u"--state-dir"_s, state});
        VERIFY_EXIT(unknown, 3);
    }
};

QTEST_GUILESS_MAIN(TestDaemonAdmin)
#include "test_daemon_admin.moc"
