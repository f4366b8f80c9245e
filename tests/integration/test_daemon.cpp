// End-to-end tests of the daemon path: `floodgate serve` on 127.0.0.1 started as
// a child process, `floodgate pair`, and `floodgate sync` to and from
// floodgate:// URLs. Covers transfers, pairing and refusals, read-only modules,
// paths that try to leave a module, and a daemon surviving hostile clients.

#include "test_support.h"

#include <floodgate/job.h>
#include <floodgate/options.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::DaemonProcess;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

bool isDirectory(const std::string& path)
{
    struct stat st{};
    return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

} // namespace

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

class TestDaemon : public QObject {
    Q_OBJECT

    std::unique_ptr<ScratchDir> m_dir;
    std::unique_ptr<DaemonProcess> m_server;
    std::string m_mod, m_mod2, m_ro, m_outside, m_serverState, m_clientState;

    QString url(const QString& rest) const { return m_server->url(rest); }

    // `floodgate sync --state-dir STATE args...`
    static CliRun syncWith(const std::string& state, const QStringList& args, int timeoutMs = 60000)
    {
        return fgtest::runCli(QStringList{u"sync"_s, u"--state-dir"_s, q(state)} + args, timeoutMs);
    }
    CliRun sync(const QStringList& args, int timeoutMs = 60000) const
    {
        return syncWith(m_clientState, args, timeoutMs);
    }

    static CliRun pair(const DaemonProcess& server, const QString& code, const std::string& state)
    {
        return fgtest::runCli({u"pair"_s, QStringLiteral("floodgate://127.0.0.1:%1").arg(server.port()), u"--code"_s,
                               code, u"--state-dir"_s, q(state)},
                              60000);
    }

    QString serverContext() const { return QStringLiteral("\n--- server log:\n") + m_server->log(); }

    // Pushes `src` into the read-only module: refused (exit 5, saying why)
    // within `withinMs`. The caller checks QTest::currentTestFailed().
    void pushIsRefusedAsReadOnly(const std::string& src, qint64 withinMs) const
    {
        QElapsedTimer timer;
        timer.start();
        CliRun r = sync({q(src), url(u"ro/"_s)});
        VERIFY_EXIT(r, 5);
        QVERIFY2(r.err.contains("read-only"), explain(r).constData());
        QVERIFY2(timer.elapsed() < withinMs, qPrintable(QString::number(timer.elapsed()) + u" ms"_s));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = std::make_unique<ScratchDir>("fgdaemon");
        m_mod = m_dir->sub("mod");
        m_mod2 = m_dir->sub("mod2");
        m_ro = m_dir->sub("ro");
        m_outside = m_dir->sub("outside");
        m_serverState = m_dir->sub("server-state");
        m_clientState = m_dir->sub("client-state");
        for (const auto& d : {m_mod, m_mod2, m_serverState, m_clientState}) QVERIFY(QDir().mkpath(q(d)));
        fgtest::makeSampleTree(m_ro, 7);
        fgtest::writeFile(m_outside + "/secret.txt", "outside the module");

        QVERIFY(::symlink(m_outside.c_str(), (m_mod + "/esc").c_str()) == 0);
        QVERIFY(::symlink("../outside", (m_mod + "/esc-rel").c_str()) == 0);

        m_server = std::make_unique<DaemonProcess>();
        QString why;
        QVERIFY2(m_server->start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + m_mod), u"--module"_s,
                                  q("m2=" + m_mod2), u"--module"_s, q("ro=" + m_ro), u"--read-only"_s, u"ro"_s,
                                  u"--state-dir"_s, q(m_serverState)},
                                 q(m_dir->sub("serve.log")), &why),
                 qPrintable(why));
        QVERIFY2(m_server->banner().contains(QStringLiteral("listening on 127.0.0.1:%1").arg(m_server->port())),
                 qPrintable(m_server->banner()));
        QVERIFY(m_server->identity().startsWith(u"SHA256:"_s));
        QVERIFY(!m_server->pairCode().isEmpty());

        CliRun r = pair(*m_server, m_server->pairCode(), m_clientState);
        QVERIFY2(r.exitCode == 0, (explain(r) + serverContext().toUtf8()).constData());
        QVERIFY2(r.out.contains(m_server->identity().toUtf8()), explain(r).constData());
    }

    void cleanupTestCase()
    {
        // (Stopping cleanly on a signal is stopsOnSignal's concern; the
        // DaemonProcess destructor makes sure nothing is left running.)
        m_server.reset();
        m_dir.reset();
    }

    // ---- transfers -------------------------------------------------------------

    void pushAndPull()
    {
        ScratchDir local("fgdaemon-local");
        const std::string src = local.sub("src");
        fgtest::makeSampleTree(src, 11);

        CliRun r = sync({q(src + "/"), url(u"m/pp/"_s)});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, m_mod + "/pp");

        r = sync({url(u"m/pp/"_s), q(local.sub("pulled/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, local.sub("pulled"));

        // Without the trailing slash the remote directory itself comes over.
        r = sync({url(u"m/pp"_s), q(local.sub("named/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, local.sub("named/pp"));

        // ...and a local directory without the slash lands inside the target.
        r = sync({q(src), url(u"m/pp-named/"_s)});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, m_mod + "/pp-named/src");

        // The module root stands for its contents.
        r = sync({q(src + "/"), url(u"m2"_s)});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, m_mod2);
        r = sync({url(u"m2/"_s), q(local.sub("from-root"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, local.sub("from-root"));

        // A single file, pushed under a new name and pulled back.
        r = sync({q(src + "/sub/b.bin"), url(u"m/pp/renamed.bin"_s)});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(m_mod + "/pp/renamed.bin"), fgtest::readFile(src + "/sub/b.bin"));
        r = sync({url(u"m/pp/renamed.bin"_s), q(local.sub("one.bin"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(local.sub("one.bin")), fgtest::readFile(src + "/sub/b.bin"));
        QCOMPARE(fgtest::tempFilesUnder(m_mod), QStringList());
    }

    // The user's Pause on a pull: the daemon's sender is told and holds the
    // data; Resume finishes the same job with the file whole.
    void aPausedPullHoldsAndResumes()
    {
        ScratchDir local("fgdaemon-pause");
        const std::string content = fgtest::randomBytes(4u << 20, 5);
        fgtest::writeFile(m_mod + "/pause/big.bin", content);
        fg::JobSpec spec;
        spec.source = url(u"m/pause/"_s).toStdString();
        spec.destination = local.sub("got/");
        spec.options.stateDir = m_clientState;
        spec.options.bwlimit = *fg::parseRateSchedule("1M"); // about 4 s: time to pause it
        auto job = fg::Job::create(spec);
        QVERIFY2(job.ok(), job.ok() ? "" : job.error().message.c_str());
        (*job)->start();
        QTRY_VERIFY_WITH_TIMEOUT((*job)->snapshot().bytesDone > 0, 20000);
        QVERIFY((*job)->setPaused(true).ok());
        QTest::qWait(700); // what was on its way lands
        const uint64_t held = (*job)->snapshot().bytesDone;
        QTest::qWait(1500);
        QCOMPARE((*job)->snapshot().bytesDone, held);
        QVERIFY(held < content.size());
        QVERIFY((*job)->setPaused(false).ok());
        const fg::JobResult& result = (*job)->wait();
        QVERIFY2(result.state == fg::JobState::Done, result.fatal.message.c_str());
        QVERIFY(fgtest::readFile(local.sub("got/big.bin")) == content);

        // Paused while it still connects: the daemon is told once its sender
        // runs (a frame before that would fail the job), and holds the data.
        spec.destination = local.sub("early/");
        auto early = fg::Job::create(spec);
        QVERIFY(early.ok());
        (*early)->start();
        QVERIFY((*early)->setPaused(true).ok());
        QTest::qWait(3500); // unpaused, 1M/s would have moved most of the 4 MB by now
        QVERIFY((*early)->snapshot().bytesDone < content.size() / 2);
        QVERIFY(!(*early)->finished());
        QVERIFY((*early)->setPaused(false).ok());
        const fg::JobResult& earlyResult = (*early)->wait();
        QVERIFY2(earlyResult.state == fg::JobState::Done, earlyResult.fatal.message.c_str());
        QVERIFY(fgtest::readFile(local.sub("early/big.bin")) == content);
    }

    void resyncTransfersNothing()
    {
        ScratchDir local("fgdaemon-local");
        const std::string src = local.sub("src");
        fgtest::makeSampleTree(src, 12);
        CliRun r = sync({q(src + "/"), url(u"m/rs/"_s)});
        VERIFY_EXIT(r, 0);
        const auto before = fgtest::describeTree(m_mod + "/rs");

        r = sync({u"--json"_s, q(src + "/"), url(u"m/rs/"_s)});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 0);
        QCOMPARE(j.value(u"files_total"_s).toInt(), 6);
        QVERIFY2(j.value(u"wire_bytes"_s).toInteger() > 0, r.out.constData()); // a connection was used
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(m_mod + "/rs")).isEmpty());

        // Pull, then pull again: nothing the second time.
        r = sync({url(u"m/rs/"_s), q(local.sub("back/"))});
        VERIFY_EXIT(r, 0);
        r = sync({u"--json"_s, url(u"m/rs/"_s), q(local.sub("back/"))});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        VERIFY_SAME_TREE(src, local.sub("back"));

        // One change: exactly one file goes.
        fgtest::writeFile(src + "/a.txt", "changed");
        r = sync({u"--json"_s, q(src + "/"), url(u"m/rs/"_s)});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 1);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 7);
        VERIFY_SAME_TREE(src, m_mod + "/rs");
    }

    void deleteRemovesExactlyTheExtraneous()
    {
        ScratchDir local("fgdaemon-local");
        const std::string src = local.sub("src");
        const std::string dst = m_mod + "/del";
        fgtest::makeSampleTree(src, 13);
        CliRun r = sync({q(src + "/"), url(u"m/del/"_s)});
        VERIFY_EXIT(r, 0);

        fgtest::writeFile(dst + "/x.txt", "extraneous");
        fgtest::writeFile(dst + "/xdir/y.txt", "extraneous");
        QVERIFY(QDir().mkpath(q(dst + "/sub/xempty")));
        QVERIFY(::symlink("a.txt", (dst + "/xlink").c_str()) == 0);
        fgtest::writeFile(dst + "/protected.keep", "excluded, so kept");
        QVERIFY(QFile::remove(q(src + "/run.sh"))); // now extraneous on the target

        // Without --delete nothing goes.
        r = sync({q(src + "/"), url(u"m/del/"_s)});
        VERIFY_EXIT(r, 0);
        QVERIFY(fgtest::exists(dst + "/x.txt") && fgtest::exists(dst + "/run.sh"));

        r = sync({u"--delete"_s, u"--exclude"_s, u"*.keep"_s, u"--json"_s, q(src + "/"), url(u"m/del/"_s)});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        // x.txt, xdir, xdir/y.txt, sub/xempty, xlink, run.sh
        QCOMPARE(j.value(u"files_deleted"_s).toInt(), 6);
        QCOMPARE(fgtest::readFile(dst + "/protected.keep"), std::string("excluded, so kept"));
        QVERIFY(QFile::remove(q(dst + "/protected.keep")));
        VERIFY_SAME_TREE(src, dst);

        // Pull with --delete removes the local extraneous files.
        r = sync({url(u"m/del/"_s), q(local.sub("back/"))});
        VERIFY_EXIT(r, 0);
        fgtest::writeFile(local.sub("back/extra/z.txt"), "z");
        r = sync({u"--delete"_s, url(u"m/del/"_s), q(local.sub("back/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, local.sub("back"));
    }

    void dryRunChangesNothing()
    {
        ScratchDir local("fgdaemon-local");
        const std::string src = local.sub("src");
        const std::string dst = m_mod + "/dry";
        fgtest::makeSampleTree(src, 14);
        CliRun r = sync({q(src + "/"), url(u"m/dry/"_s)});
        VERIFY_EXIT(r, 0);
        fgtest::writeFile(src + "/new.txt", "new");
        fgtest::writeFile(src + "/a.txt", "modified, longer than before");
        fgtest::writeFile(dst + "/extraneous.txt", "extra");
        const auto before = fgtest::describeTree(dst);

        r = sync({u"-n"_s, u"--delete"_s, q(src + "/"), url(u"m/dry/"_s)});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("new.txt") && r.out.contains("a.txt") && r.out.contains("extraneous.txt"),
                 explain(r).constData());
        QString d = fgtest::diffTrees(before, fgtest::describeTree(dst));
        QVERIFY2(d.isEmpty(), qPrintable(u"a pushed dry run changed the module:\n"_s + d));

        // A pull dry run leaves the local side alone, and creates nothing.
        const auto srcBefore = fgtest::describeTree(src);
        r = sync({u"--dry-run"_s, u"--delete"_s, url(u"m/dry/"_s), q(src + "/")});
        VERIFY_EXIT(r, 0);
        d = fgtest::diffTrees(srcBefore, fgtest::describeTree(src));
        QVERIFY2(d.isEmpty(), qPrintable(u"a pulled dry run changed the local side:\n"_s + d));
        r = sync({u"-n"_s, url(u"m/dry/"_s), q(local.sub("nowhere/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(!fgtest::exists(local.sub("nowhere")));
    }

    void filtersTravelToTheDaemon()
    {
        ScratchDir local("fgdaemon-local");
        const std::string src = local.sub("src");
        fgtest::writeFile(src + "/a.txt", "a");
        fgtest::writeFile(src + "/b.log", "b");
        fgtest::writeFile(src + "/sub/c.txt", "c");
        fgtest::writeFile(src + "/sub/d.log", "d");
        CliRun r = sync({q(src + "/"), url(u"m/filters/"_s)});
        VERIFY_EXIT(r, 0);

        // Pull: the daemon is the sender and applies the rules and the list.
        r = sync({u"--exclude"_s, u"*.log"_s, url(u"m/filters/"_s), q(local.sub("ex/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(fgtest::exists(local.sub("ex/a.txt")) && fgtest::exists(local.sub("ex/sub/c.txt")));
        QVERIFY(!fgtest::exists(local.sub("ex/b.log")) && !fgtest::exists(local.sub("ex/sub/d.log")));
        fgtest::writeFile(local.sub("list"), "sub/d.log\n");
        r = sync({u"--files-from"_s, q(local.sub("list")), url(u"m/filters/"_s), q(local.sub("ff/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::describeTree(local.sub("ff"), false).size(), size_t(2)); // sub, sub/d.log
        QCOMPARE(fgtest::readFile(local.sub("ff/sub/d.log")), std::string("d"));

        // Push with --delete: the daemon (the receiver) protects excluded files.
        fgtest::writeFile(m_mod + "/filters/extra.txt", "extra");
        fgtest::writeFile(m_mod + "/filters/extra.log", "excluded, kept");
        QVERIFY(QFile::remove(q(src + "/b.log")));
        r = sync({u"--delete"_s, u"--exclude"_s, u"*.log"_s, q(src + "/"), url(u"m/filters/"_s)});
        VERIFY_EXIT(r, 0);
        QVERIFY(!fgtest::exists(m_mod + "/filters/extra.txt"));
        QVERIFY(fgtest::exists(m_mod + "/filters/extra.log"));
        QVERIFY(fgtest::exists(m_mod + "/filters/b.log")); // excluded: not deleted either
    }

    // ---- who may connect -----------------------------------------------------------

    void unpairedClientRefused()
    {
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/a.txt"), "a");
        const std::string state = local.sub("fresh-state");
        CliRun r = syncWith(state, {q(local.sub("src/")), url(u"m/unpaired/"_s)});
        VERIFY_EXIT(r, 5);
        QVERIFY2(r.err.contains("floodgate pair"), explain(r).constData());
        QVERIFY(!fgtest::exists(m_mod + "/unpaired"));

        r = syncWith(state, {url(u"ro/"_s), q(local.sub("pulled/"))});
        VERIFY_EXIT(r, 5);
        QVERIFY2(r.err.contains("floodgate pair"), explain(r).constData());
        QCOMPARE(fgtest::describeTree(local.sub("pulled")).size(), size_t(0));
    }

    void refusalInJson()
    {
        // A refused job still prints its one JSON object, with the reason.
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/a.txt"), "a");
        CliRun r = syncWith(local.sub("fresh-state"), {u"--json"_s, q(local.sub("src/")), url(u"m/unpaired-json/"_s)});
        VERIFY_EXIT(r, 5);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"state"_s).toString(), u"failed"_s);
        QCOMPARE(j.value(u"exit_code"_s).toInt(), 5);
        const QJsonArray errors = j.value(u"errors"_s).toArray();
        QVERIFY2(errors.size() == 1, r.out.constData());
        QCOMPARE(errors[0].toObject().value(u"code"_s).toString(), u"not-paired"_s);
        QVERIFY2(errors[0].toObject().value(u"message"_s).toString().contains(u"floodgate pair"_s), r.out.constData());
        // And on stderr, where a cron job's mail or a service's journal looks.
        QVERIFY2(r.err.contains("floodgate pair"), r.err.constData());
    }

    void serverDownExits10()
    {
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/a.txt"), "a");
        const uint16_t closed = fgtest::freeLocalPort();
        QElapsedTimer timer;
        timer.start();
        CliRun r = sync({q(local.sub("src/")), QStringLiteral("floodgate://127.0.0.1:%1/m/x/").arg(closed)}, 60000);
        VERIFY_EXIT(r, 10);
        QVERIFY2(!r.err.isEmpty(), explain(r).constData());
        QVERIFY2(timer.elapsed() < 15000, "a refused connection took too long to report");
        r = sync({QStringLiteral("floodgate://127.0.0.1:%1/m/x/").arg(closed), q(local.sub("pulled/"))}, 60000);
        VERIFY_EXIT(r, 10);
        QVERIFY(!fgtest::exists(local.sub("pulled")));
    }

    void wrongPairingCodeRefused()
    {
        ScratchDir local("fgdaemon-local");
        const std::string state = local.sub("state");
        CliRun r = pair(*m_server, QStringLiteral("AAAAA-BBBBB"), state);
        VERIFY_EXIT(r, 5);
        QVERIFY2(r.err.contains("code"), explain(r).constData());
        fgtest::writeFile(local.sub("src/a.txt"), "a");
        r = syncWith(state, {q(local.sub("src/")), url(u"m/wrongcode/"_s)});
        VERIFY_EXIT(r, 5);
        QVERIFY(!fgtest::exists(m_mod + "/wrongcode"));
    }

    void pairCodeIsSingleUse()
    {
        ScratchDir dir("fgdaemon-own");
        QVERIFY(QDir().mkpath(q(dir.sub("mod"))));
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + dir.sub("mod")),
                               u"--pair-code"_s, u"HJKMN-PQRST"_s, u"--state-dir"_s, q(dir.sub("server-state"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        QCOMPARE(server.pairCode(), QStringLiteral("HJKMN-PQRST"));
        CliRun r = pair(server, u"HJKMN-XXXXX"_s, dir.sub("a"));
        VERIFY_EXIT(r, 5);
        r = pair(server, u"HJKMN-PQRST"_s, dir.sub("a"));
        VERIFY_EXIT(r, 0);
        r = pair(server, u"HJKMN-PQRST"_s, dir.sub("b")); // used already
        VERIFY_EXIT(r, 5);

        fgtest::writeFile(dir.sub("src/f.txt"), "f");
        r = syncWith(dir.sub("a"), {q(dir.sub("src/")), server.url(u"m/"_s)});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("mod/f.txt")), std::string("f"));
        r = syncWith(dir.sub("b"), {q(dir.sub("src/")), server.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 5);
        QVERIFY(!fgtest::exists(dir.sub("mod/b")));
    }

    void changedServerIdentityRefused()
    {
        // A client pins the server's identity; another server on the same
        // address (a reinstall, or an impostor) is refused.
        ScratchDir dir("fgdaemon-own");
        QVERIFY(QDir().mkpath(q(dir.sub("mod"))));
        uint16_t port = 0;
        {
            DaemonProcess first;
            QString why;
            QVERIFY2(first.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + dir.sub("mod")),
                                  u"--state-dir"_s, q(dir.sub("state-first"))},
                                 q(dir.sub("first.log")), &why),
                     qPrintable(why));
            port = first.port();
            CliRun r = pair(first, first.pairCode(), dir.sub("client"));
            VERIFY_EXIT(r, 0);
            first.stopWith(SIGTERM);
            if (first.running()) first.killHard();
        }
        DaemonProcess second;
        QString why;
        if (!second.start({u"--listen"_s, QStringLiteral("127.0.0.1:%1").arg(port), u"--module"_s,
                           q("m=" + dir.sub("mod")), u"--state-dir"_s, q(dir.sub("state-second"))},
                          q(dir.sub("second.log")), &why))
            QSKIP(qPrintable(u"could not start a second daemon on the same port: "_s + why));
        QVERIFY(second.identity() != QString());
        fgtest::writeFile(dir.sub("src/f.txt"), "f");
        CliRun r = syncWith(dir.sub("client"), {q(dir.sub("src/")), second.url(u"m/x/"_s)});
        VERIFY_EXIT(r, 5);
        QVERIFY2(r.err.contains("pinned"), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("mod/x")));
    }

    // ---- what a client may reach ---------------------------------------------------

    void readOnlyModule()
    {
        ScratchDir local("fgdaemon-local");
        fgtest::makeSampleTree(local.sub("src"), 15);
        const auto before = fgtest::describeTree(m_ro);

        // The data connections join right behind the job request; a refused
        // job cuts their joins short instead of waiting out the server's
        // wait for a session that never opens (10 s).
        pushIsRefusedAsReadOnly(local.sub("src/"), 5000);
        if (QTest::currentTestFailed()) return;
        CliRun r = sync({u"--delete"_s, q(local.sub("src/")), url(u"ro/x/"_s)});
        VERIFY_EXIT(r, 5);
        QString d = fgtest::diffTrees(before, fgtest::describeTree(m_ro));
        QVERIFY2(d.isEmpty(), qPrintable(u"a read-only module changed:\n"_s + d));

        r = sync({url(u"ro/"_s), q(local.sub("pulled"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(m_ro, local.sub("pulled"));
    }

    // A push sends its file list right behind the job request (protocol 6):
    // refused, a list bigger than the socket buffers is still on its way.
    // The server reads it and drops it, so the refusal is what the user sees,
    // not a reset connection.
    void aRefusedPushWithABigListSaysWhy()
    {
        ScratchDir local("fgdaemon-local");
        const std::string longName(150, 'n');
        for (int i = 0; i < 40000; ++i) fgtest::writeFile(local.sub("src/d" + std::to_string(i % 40) + "/" + longName + std::to_string(i)), "");
        const auto before = fgtest::describeTree(m_ro);
        pushIsRefusedAsReadOnly(local.sub("src/"), 20000);
        if (QTest::currentTestFailed()) return;
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(m_ro)).isEmpty());
    }

    void dotDotRefused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("m/../outside/pwn/") << QStringLiteral("m/../outside/pwn/");
        QTest::newRow("m/x/../../outside/pwn/") << QStringLiteral("m/x/../../outside/pwn/");
        QTest::newRow("m/..") << QStringLiteral("m/..");
        QTest::newRow("m/../") << QStringLiteral("m/../");
        QTest::newRow("m/sub/..") << QStringLiteral("m/sub/..");
        QTest::newRow("m//abs") << QStringLiteral("m/") + QString::fromStdString(m_outside) + QStringLiteral("/pwn/");
    }
    void dotDotRefused()
    {
        QFETCH(QString, path);
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/pwned.txt"), "pwned");
        // Everything the test owns but the daemon's own log, its record
        // of when each client was last heard from (floodgate status) and
        // the client's history of runs.
        auto scratchTree = [&] {
            auto tree = fgtest::describeTree(m_dir->path());
            tree.erase("serve.log");
            tree.erase("server-state/client_contacts");
            for (const char* file : {"history.db", "history.db-wal", "history.db-shm", "history-missing.log"})
                tree.erase(std::string("client-state/") + file);
            return tree;
        };
        const auto scratchBefore = scratchTree();

        CliRun r = sync({q(local.sub("src/")), url(path)});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("..") || r.err.contains("refused") || r.err.contains("path"), explain(r).constData());
        const QString d = fgtest::diffTrees(scratchBefore, scratchTree());
        QVERIFY2(d.isEmpty(), qPrintable(u"a refused push wrote something:\n"_s + d));

        // Reading through '..' is refused just the same.
        r = sync({url(path), q(local.sub("pulled/"))});
        QVERIFY2(r.exitCode == 3, explain(r).constData());
        QVERIFY(!fgtest::exists(local.sub("pulled/secret.txt")));
        QVERIFY(!fgtest::exists(local.sub("pulled/outside/secret.txt")));
    }

    // module/esc -> the outside directory (absolute), module/esc-rel -> ../outside:
    // neither may be used to write outside the module.
    void symlinkOutOfModuleNotFollowedForWriting_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("destination");
        QTest::newRow("dir into m/esc/x/") << u"src/"_s << u"m/esc/x/"_s;
        QTest::newRow("file to m/esc/x") << u"src/x"_s << u"m/esc/x"_s;
        QTest::newRow("file to m/esc/secret.txt") << u"src/secret.txt"_s << u"m/esc/secret.txt"_s;
        QTest::newRow("dir into m/esc/") << u"src/"_s << u"m/esc/"_s;
        QTest::newRow("dir onto m/esc") << u"src/"_s << u"m/esc"_s;
        QTest::newRow("named dir into m/esc/") << u"src"_s << u"m/esc/"_s;
        QTest::newRow("dir into m/esc-rel/x/") << u"src/"_s << u"m/esc-rel/x/"_s;
        QTest::newRow("dir into m/esc-rel/") << u"src/"_s << u"m/esc-rel/"_s;
    }
    void symlinkOutOfModuleNotFollowedForWriting()
    {
        QFETCH(QString, source);
        QFETCH(QString, destination);
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/x"), "pwned");
        fgtest::writeFile(local.sub("src/secret.txt"), "overwritten");
        const auto outsideBefore = fgtest::describeTree(m_outside);
        const auto linksBefore = fgtest::describeTree(m_mod, false);

        CliRun r = sync({q(local.path()) + u'/' + source, url(destination)});
        const QString d = fgtest::diffTrees(outsideBefore, fgtest::describeTree(m_outside));
        QVERIFY2(d.isEmpty(), qPrintable(u"the push wrote outside the module:\n"_s + d));
        VERIFY_EXIT(r, 3); // an unsafe destination
        // The links themselves are left as they were.
        QCOMPARE(fgtest::describeTree(m_mod, false)["esc"], linksBefore.at("esc"));
        QCOMPARE(fgtest::describeTree(m_mod, false)["esc-rel"], linksBefore.at("esc-rel"));
    }

    void symlinkOutOfModuleNotFollowedForReading_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("m/esc/") << u"m/esc/"_s;
        QTest::newRow("m/esc/secret.txt") << u"m/esc/secret.txt"_s;
        QTest::newRow("m/esc-rel/") << u"m/esc-rel/"_s;
    }
    void symlinkOutOfModuleNotFollowedForReading()
    {
        QFETCH(QString, source);
        ScratchDir local("fgdaemon-local");
        CliRun r = sync({url(source), q(local.sub("pulled"))});
        const std::string pulled = local.sub("pulled");
        QVERIFY2(!fgtest::exists(pulled) || (isDirectory(pulled) && fgtest::describeTree(pulled).empty()),
                 "the pull disclosed something outside the module");
        VERIFY_EXIT(r, 3);
    }

    void symlinkInTargetTreeReplacedNotFollowed()
    {
        // A link deeper in the target, where the source has a directory: the
        // link is replaced (as rsync does), never written through.
        ScratchDir local("fgdaemon-local");
        QVERIFY(QDir().mkpath(q(m_mod + "/esc2")));
        QVERIFY(::symlink(m_outside.c_str(), (m_mod + "/esc2/inner").c_str()) == 0);
        fgtest::writeFile(local.sub("src2/inner/pwned.txt"), "pwned");
        fgtest::writeFile(local.sub("src2/inner/secret.txt"), "overwritten");
        const auto outsideBefore = fgtest::describeTree(m_outside);
        CliRun r = sync({q(local.sub("src2/")), url(u"m/esc2/"_s)});
        const QString d = fgtest::diffTrees(outsideBefore, fgtest::describeTree(m_outside));
        QVERIFY2(d.isEmpty(), qPrintable(u"the push wrote outside the module:\n"_s + d));
        VERIFY_EXIT(r, 0);
        QVERIFY(isDirectory(m_mod + "/esc2/inner"));
        QCOMPARE(fgtest::readFile(m_mod + "/esc2/inner/pwned.txt"), std::string("pwned"));
        VERIFY_SAME_TREE(local.sub("src2"), m_mod + "/esc2");
    }

    void refusalReasonIsNotLost()
    {
        // A destination the daemon refuses after accepting the job (here: a
        // missing parent directory) must reach the client as that refusal,
        // every time, not as a cut connection. Repeated, because a race would
        // show only now and then.
        ScratchDir local("fgdaemon-local");
        fgtest::writeFile(local.sub("src/a.txt"), "a");
        int lost = 0;
        QByteArray lastLost;
        const int runs = 30;
        for (int i = 0; i < runs; ++i) {
            CliRun r = sync({q(local.sub("src/")), url(u"m/no-such-parent/deeper/x"_s)});
            if (r.exitCode != 3 || !r.err.contains("does not exist")) {
                ++lost;
                lastLost = explain(r);
            }
        }
        QVERIFY(!fgtest::exists(m_mod + "/no-such-parent"));
        QVERIFY2(lost == 0, qPrintable(QStringLiteral("%1 of %2 refusals reached the client as something else; the last:\n%3")
                                           .arg(lost)
                                           .arg(runs)
                                           .arg(QString::fromUtf8(lastLost))));
    }

    // ---- robustness ----------------------------------------------------------------

    void serverKeepsServingAfterBadSessions()
    {
        const uint16_t port = m_server->port();
        QVERIFY(fgtest::rawTcpSession(port, QByteArray::fromStdString(fgtest::randomBytes(65536, 98))));
        QVERIFY(fgtest::rawTcpSession(port, QByteArray())); // connect and hang up
        QVERIFY(fgtest::rawTcpSession(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 200));
        // A TLS record header promising more than is sent, then a hang-up.
        QVERIFY(fgtest::rawTcpSession(port, QByteArray::fromHex("16030100ff0100"), 100));
        QVERIFY(m_server->running());

        // One that connects and says nothing stays open while a real client syncs.
        const int silent = fgtest::openRawSocket(port);
        QVERIFY(silent >= 0);
        ScratchDir local("fgdaemon-local");
        fgtest::makeSampleTree(local.sub("src"), 16);
        QElapsedTimer timer;
        timer.start();
        CliRun r = sync({q(local.sub("src/")), url(u"m/after-garbage/"_s)}, 30000);
        fgtest::closeRawSocket(silent);
        QVERIFY2(r.exitCode == 0, (explain(r) + serverContext().toUtf8()).constData());
        QVERIFY2(timer.elapsed() < 10000, "a silent connection held up another client");
        VERIFY_SAME_TREE(local.sub("src"), m_mod + "/after-garbage");
        QVERIFY(m_server->running());
    }

    // ---- the serve command itself -----------------------------------------------------

    void stopsOnSignal_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGINT") << int(SIGINT);
    }
    void stopsOnSignal()
    {
        QFETCH(int, signal);
        ScratchDir dir("fgdaemon-own");
        QVERIFY(QDir().mkpath(q(dir.sub("mod"))));
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + dir.sub("mod")),
                               u"--state-dir"_s, q(dir.sub("state"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        QVERIFY(fgtest::canConnect(server.port()));
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(server.stopWith(signal, 10000), 0);
        QVERIFY(timer.elapsed() < 10000);
        QVERIFY(!fgtest::canConnect(server.port()));
    }

    void serveUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no module") << QStringList{u"--listen"_s, u"127.0.0.1:0"_s};
        QTest::newRow("module without path") << QStringList{u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, u"m"_s};
        QTest::newRow("module not a directory")
            << QStringList{u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, u"m=/nonexistent/floodgate-test"_s};
        QTest::newRow("read-only unknown module")
            << QStringList{u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, u"m=@DIR@"_s, u"--read-only"_s, u"nosuch"_s};
        QTest::newRow("bad listen") << QStringList{u"--listen"_s, u"127.0.0.1:notaport"_s, u"--module"_s, u"m=@DIR@"_s};
        QTest::newRow("unknown option") << QStringList{u"--frobnicate"_s, u"--module"_s, u"m=@DIR@"_s};
        QTest::newRow("bad module name") << QStringList{u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, u"a/b=@DIR@"_s};
    }
    void serveUsageErrors()
    {
        QFETCH(QStringList, args);
        ScratchDir dir("fgdaemon-own");
        for (QString& a : args) a.replace(u"@DIR@"_s, q(dir.path()));
        CliRun r = fgtest::runCli(QStringList{u"serve"_s, u"--state-dir"_s, q(dir.sub("state"))} + args, 20000);
        VERIFY_EXIT(r, 1);
        QVERIFY2(!r.err.isEmpty(), explain(r).constData());
    }
};

QTEST_GUILESS_MAIN(TestDaemon)
#include "test_daemon.moc"
