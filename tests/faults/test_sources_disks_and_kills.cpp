// End-to-end fault tests: what `floodgate sync` does when the world misbehaves
// under it. A source file vanishes mid-run, a file cannot be read, the target
// disk fills up, the CLI is killed or interrupted, the daemon dies mid-transfer.
// The invariant everywhere: every target file is either its old or its new
// version, never torn, and the exit code says what happened.

#include "test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::DaemonProcess;
using fgtest::ScratchDir;

using namespace Qt::StringLiterals;
using fgtest::waitFor;
using fgtest::q;

namespace {

// N files whose OLD versions sit in the target and NEW versions in the source.
struct Versions {
    std::vector<std::string> names;
    std::vector<std::string> oldData;
    std::vector<std::string> newData;

    void make(const std::string& src, const std::string& dst, int count, size_t baseSize)
    {
        for (int i = 0; i < count; ++i) {
            char name[32];
            std::snprintf(name, sizeof name, "f%02d.bin", i);
            names.emplace_back(name);
            oldData.push_back(fgtest::randomBytes(baseSize * 2 / 3 + size_t(i) * 4096, 100 + uint64_t(i)));
            newData.push_back(fgtest::randomBytes(baseSize + size_t(i) * 8192, 200 + uint64_t(i)));
            fgtest::writeFile(dst + "/" + name, oldData.back());
            fgtest::setMtime(dst + "/" + name, 1000000000);
            fgtest::writeFile(src + "/" + name, newData.back());
            fgtest::setMtime(src + "/" + name, 1600000000, 1234);
        }
    }

    // Whether the transfer into `dst` has begun: a file there is new. (Not
    // a temporary file: a small file is written unnamed until complete.)
    bool begun(const std::string& dst) const
    {
        int fresh = 0;
        (void)checkOldOrNew(dst, &fresh);
        return fresh > 0;
    }

    // Empty when every target file is its old or its new version; counts the new ones.
    QString checkOldOrNew(const std::string& dst, int* newCount = nullptr) const
    {
        QString problems;
        int fresh = 0;
        for (size_t i = 0; i < names.size(); ++i) {
            const std::string path = dst + "/" + names[i];
            if (!fgtest::exists(path)) {
                problems += q(names[i]) + u": missing\n"_s;
                continue;
            }
            const std::string data = fgtest::readFile(path);
            if (data == newData[i])
                ++fresh;
            else if (data != oldData[i])
                problems += QStringLiteral("%1: torn (%2 bytes, neither the old %3 nor the new %4)\n")
                                .arg(q(names[i]))
                                .arg(data.size())
                                .arg(oldData[i].size())
                                .arg(newData[i].size());
        }
        if (newCount) *newCount = fresh;
        return problems;
    }
};

QJsonObject jsonOf(const QByteArray& out)
{
    QString err;
    QJsonObject j = fgtest::parseJsonObject(out, &err);
    if (!err.isEmpty()) qWarning("%s", qPrintable(err));
    return j;
}

QString findTool(const char* name)
{
    QString p = QStandardPaths::findExecutable(QString::fromLatin1(name));
    if (p.isEmpty())
        p = QStandardPaths::findExecutable(QString::fromLatin1(name),
                                           {u"/usr/sbin"_s, u"/sbin"_s, u"/usr/bin"_s, u"/bin"_s});
    return p;
}

// `floodgate sync --json SRC/ DST/` with a small tmpfs (mounted with
// `options`) over DST, private to a mount namespace of its own; what landed
// is copied into `copy` before the namespace (and the mount) goes away
// (exit 98 when that failed). `skip` says why it cannot run here.
CliRun syncOntoSmallTmpfs(const QString& options, const std::string& src, const std::string& dst,
                          const std::string& copy, QString* skip)
{
    if (::geteuid() != 0) {
        *skip = u"needs root to mount a small tmpfs in a private mount namespace"_s;
        return {};
    }
    const QString unshare = findTool("unshare");
    const QString mount = findTool("mount");
    if (unshare.isEmpty() || mount.isEmpty()) {
        *skip = u"unshare/mount (util-linux) not installed"_s;
        return {};
    }
    CliRun probe = fgtest::runProgram(unshare, {u"-m"_s, u"true"_s}, 20000);
    if (probe.exitCode != 0) {
        *skip = u"unshare -m is not permitted here: "_s + QString::fromUtf8(probe.err);
        return {};
    }
    QDir().mkpath(q(dst));
    QDir().mkpath(q(copy));
    const QString script = QStringLiteral("mount -t tmpfs -o \"$5\" floodgate-test \"$1\" || exit 99\n"
                                          "\"$2\" sync --json \"$3\" \"$1/\"; rc=$?\n"
                                          "cp -a \"$1/.\" \"$4/\" || exit 98\n"
                                          "exit $rc\n");
    CliRun r = fgtest::runProgram(unshare, {u"-m"_s, u"sh"_s, u"-c"_s, script, u"sh"_s, q(dst), fgtest::cliPath(),
                                            q(src + "/"), q(copy), options},
                                  120000);
    if (r.exitCode == 99) *skip = u"mounting a tmpfs is not permitted here: "_s + QString::fromUtf8(r.err);
    return r;
}

} // namespace

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

class TestFaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // (a) A source file disappears between the scan and its turn to be read.
    void vanishedSourceFile()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        const std::string big = fgtest::randomBytes(24u << 20, 1);
        fgtest::writeFile(src + "/a_big.bin", big);
        fgtest::writeFile(src + "/b_small.txt", "small, and soon gone");

        QProcess p;
        p.start(fgtest::cliPath(), {u"sync"_s, u"--bwlimit"_s, u"8M"_s, u"--json"_s, q(src + "/"), q(dst + "/")});
        QVERIFY(p.waitForStarted(10000));
        // Once the big file is being written the scan has listed both.
        QVERIFY2(waitFor([&] { return !fgtest::tempFilesUnder(dst).isEmpty(); }, 10000), "the big file never started");
        QThread::msleep(300);
        QVERIFY2(p.state() == QProcess::Running, "the sync finished before the small file could vanish");
        QVERIFY(QFile::remove(q(src + "/b_small.txt")));
        QVERIFY2(p.waitForFinished(60000), "the sync did not finish");

        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        const QByteArray context = "--- stdout:\n" + out + "\n--- stderr:\n" + err;
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 24,
                 ("exit " + QByteArray::number(p.exitCode()) + "\n" + context).constData());
        QJsonObject j = jsonOf(out);
        QCOMPARE(j.value(u"exit_code"_s).toInt(), 24);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 1);
        const QJsonArray errors = j.value(u"errors"_s).toArray();
        QVERIFY2(errors.size() == 1, context.constData());
        QVERIFY2(errors[0].toObject().value(u"path"_s).toString().contains(u"b_small.txt"_s), context.constData());
        QCOMPARE(errors[0].toObject().value(u"code"_s).toString(), QStringLiteral("vanished"));
        QVERIFY2(err.contains("b_small.txt"), context.constData());

        QVERIFY2(fgtest::readFile(dst + "/a_big.bin") == big, "the big file did not arrive intact");
        QVERIFY(!fgtest::exists(dst + "/b_small.txt"));
        QCOMPARE(fgtest::tempFilesUnder(dst), QStringList());
    }

    // The same with a daemon as the sender: the failure travels back to the
    // client, which still exits 24.
    void vanishedSourceFileDuringPull()
    {
        ScratchDir dir("fgfaults");
        const std::string mod = dir.sub("mod"), dst = dir.sub("dst");
        const std::string big = fgtest::randomBytes(24u << 20, 2);
        fgtest::writeFile(mod + "/data/a_big.bin", big);
        fgtest::writeFile(mod + "/data/b_small.txt", "small, and soon gone");
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + mod), u"--state-dir"_s,
                               q(dir.sub("server"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        CliRun paired = fgtest::runCli({u"pair"_s, QStringLiteral("floodgate://127.0.0.1:%1").arg(server.port()),
                                        u"--code"_s, server.pairCode(), u"--state-dir"_s, q(dir.sub("client"))},
                                       30000);
        VERIFY_EXIT(paired, 0);

        QProcess p;
        p.start(fgtest::cliPath(),
                {u"sync"_s, u"--state-dir"_s, q(dir.sub("client")), u"--bwlimit"_s, u"8M"_s, u"--json"_s,
                 server.url(u"m/data/"_s), q(dst + "/")});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return !fgtest::tempFilesUnder(dst).isEmpty(); }, 10000), "the big file never started");
        QThread::msleep(300);
        QVERIFY2(p.state() == QProcess::Running, "the pull finished before the small file could vanish");
        QVERIFY(QFile::remove(q(mod + "/data/b_small.txt")));
        QVERIFY2(p.waitForFinished(60000), "the pull did not finish");
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray context = "--- stdout:\n" + out + "\n--- stderr:\n" + p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 24,
                 ("exit " + QByteArray::number(p.exitCode()) + "\n" + context).constData());
        const QJsonArray errors = jsonOf(out).value(u"errors"_s).toArray();
        QVERIFY2(errors.size() == 1, context.constData());
        QVERIFY2(errors[0].toObject().value(u"path"_s).toString().contains(u"b_small.txt"_s), context.constData());
        QCOMPARE(errors[0].toObject().value(u"code"_s).toString(), u"vanished"_s);
        QVERIFY2(fgtest::readFile(dst + "/a_big.bin") == big, "the big file did not arrive intact");
        QVERIFY(!fgtest::exists(dst + "/b_small.txt"));
        QCOMPARE(fgtest::tempFilesUnder(dst), QStringList());
    }

    // (b) One source file cannot be read: it is reported, the rest arrive, and
    // its older version in the target stays as it was.
    void unreadableSourceFile()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        fgtest::writeFile(src + "/a.txt", "a");
        fgtest::writeFile(src + "/b_secret.txt", "new secret version", 0000);
        fgtest::setMtime(src + "/b_secret.txt", 1600000000);
        fgtest::writeFile(src + "/c.txt", "c");
        fgtest::writeFile(src + "/sub/d.txt", "d");
        fgtest::writeFile(dst + "/b_secret.txt", "old", 0644);
        fgtest::setMtime(dst + "/b_secret.txt", 1000000000, 5);

        QString program = fgtest::cliPath();
        QStringList prefix;
        if (::geteuid() == 0) {
            // Root reads everything: run the CLI as nobody, with the scratch
            // tree open to it except for the one file.
            const QString setpriv = findTool("setpriv");
            const QString runuser = findTool("runuser");
            if (!setpriv.isEmpty()) {
                program = setpriv;
                prefix = {u"--reuid=65534"_s, u"--regid=65534"_s, u"--clear-groups"_s, fgtest::cliPath()};
            } else if (!runuser.isEmpty()) {
                program = runuser;
                prefix = {u"-u"_s, u"nobody"_s, u"--"_s, fgtest::cliPath()};
            } else {
                QSKIP("running as root and neither setpriv nor runuser (util-linux) is installed");
            }
            ::chmod(dir.path().c_str(), 0755);
            // The build tree may be out of nobody's reach (under /root, say):
            // then run a copy of the binary from the scratch directory.
            CliRun probe = fgtest::runProgram(program, prefix + QStringList{u"--version"_s}, 20000);
            if (probe.exitCode != 0) {
                const QString copy = q(dir.sub("floodgate"));
                QVERIFY(QFile::copy(fgtest::cliPath(), copy));
                QFile::setPermissions(copy,
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                          | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup);
                prefix.last() = copy;
                probe = fgtest::runProgram(program, prefix + QStringList{u"--version"_s}, 20000);
                QVERIFY2(probe.exitCode == 0, explain(probe).constData());
            }
            fgtest::chmodTree(src, 0755, 0644);
            ::chmod((src + "/b_secret.txt").c_str(), 0000);
            fgtest::chmodTree(dst, 0755, 0644);
            QVERIFY(::chown(dst.c_str(), 65534, 65534) == 0);
            QVERIFY(::chown((dst + "/b_secret.txt").c_str(), 65534, 65534) == 0);
        } else if (QFile(q(src + "/b_secret.txt")).open(QIODevice::ReadOnly)) {
            QSKIP("this user can read a mode-0000 file (CAP_DAC_OVERRIDE?); cannot make an unreadable file");
        }

        CliRun r = fgtest::runProgram(program, prefix + QStringList{u"sync"_s, u"--json"_s, q(src + "/"), q(dst + "/")},
                                      60000);
        VERIFY_EXIT(r, 23);
        QJsonObject j = jsonOf(r.out);
        const QJsonArray errors = j.value(u"errors"_s).toArray();
        QVERIFY2(errors.size() == 1, explain(r).constData());
        QCOMPARE(errors[0].toObject().value(u"path"_s).toString(), QStringLiteral("b_secret.txt"));
        QCOMPARE(errors[0].toObject().value(u"code"_s).toString(), QStringLiteral("permission-denied"));
        QVERIFY2(r.err.contains("b_secret.txt"), explain(r).constData());
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 3);

        for (const char* f : {"a.txt", "c.txt", "sub/d.txt"})
            QVERIFY2(fgtest::readFile(dst + "/" + f) == fgtest::readFile(src + "/" + f), f);
        QCOMPARE(fgtest::readFile(dst + "/b_secret.txt"), std::string("old"));
        struct stat st{};
        QVERIFY(::stat((dst + "/b_secret.txt").c_str(), &st) == 0);
        QCOMPARE(qint64(st.st_mtim.tv_sec), qint64(1000000000));
        QCOMPARE(fgtest::tempFilesUnder(dst), QStringList());
    }

    // (c) The target disk fills up: the file that does not fit fails cleanly
    // (no temp file left), the others arrive complete.
    void fullTargetDisk()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst"), snap = dir.sub("snapshot");
        fgtest::writeFile(src + "/a1.bin", fgtest::randomBytes(1u << 20, 1));
        fgtest::writeFile(src + "/a2.bin", fgtest::randomBytes(1u << 20, 2));
        fgtest::writeFile(src + "/m_big.bin", fgtest::randomBytes(5u << 20, 3));
        fgtest::writeFile(src + "/z1.bin", fgtest::randomBytes(1u << 20, 4));

        // 4 MiB: 3 x 1 MiB fit, 5 MiB does not.
        QString skip;
        CliRun r = syncOntoSmallTmpfs(u"size=4m"_s, src, dst, snap, &skip);
        if (!skip.isEmpty()) QSKIP(qPrintable(skip));
        QVERIFY2(r.exitCode != 98, explain(r).constData());
        VERIFY_EXIT(r, 23);
        QJsonObject j = jsonOf(r.out);
        const QJsonArray errors = j.value(u"errors"_s).toArray();
        QVERIFY2(errors.size() == 1, explain(r).constData());
        QCOMPARE(errors[0].toObject().value(u"path"_s).toString(), QStringLiteral("m_big.bin"));
        QCOMPARE(errors[0].toObject().value(u"code"_s).toString(), QStringLiteral("no-space"));
        QVERIFY2(errors[0].toObject().value(u"message"_s).toString().contains(u"no space"_s, Qt::CaseInsensitive),
                 explain(r).constData());
        QVERIFY2(r.err.contains("m_big.bin"), explain(r).constData());

        for (const char* f : {"a1.bin", "a2.bin", "z1.bin"})
            QVERIFY2(fgtest::readFile(snap + "/" + f) == fgtest::readFile(src + "/" + f), f);
        QVERIFY(!fgtest::exists(snap + "/m_big.bin"));
        QCOMPARE(fgtest::tempFilesUnder(snap), QStringList());
    }

    // (c2) The target runs out of inodes with most files still to come:
    // the job stops at a few failures with one message (exit 11, rsync's),
    // instead of failing each of the rest; what is in place is whole.
    void targetOutOfInodes()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst"), snap = dir.sub("snapshot");
        constexpr int kFiles = 3000;
        for (int i = 0; i < kFiles; ++i)
            fgtest::writeFile(src + "/d" + std::to_string(i % 10) + "/f" + std::to_string(i), std::to_string(i));

        QString skip;
        CliRun r = syncOntoSmallTmpfs(u"size=64m,nr_inodes=400"_s, src, dst, snap, &skip);
        if (!skip.isEmpty()) QSKIP(qPrintable(skip));
        QVERIFY2(r.exitCode != 98, explain(r).constData());
        VERIFY_EXIT(r, 11);
        QVERIFY2(r.err.contains("the destination is full"), explain(r).constData());
        QVERIFY2(r.err.contains("df -i"), explain(r).constData());
        const QJsonArray errors = jsonOf(r.out).value(u"errors"_s).toArray();
        // The ones in a row that ended it, and those already on their way.
        QVERIFY2(errors.size() >= 16 && errors.size() < 200, explain(r).constData());
        int landed = 0;
        for (int i = 0; i < kFiles; ++i) {
            const std::string rel = "/d" + std::to_string(i % 10) + "/f" + std::to_string(i);
            if (!fgtest::exists(snap + rel)) continue;
            ++landed;
            QVERIFY2(fgtest::readFile(snap + rel) == std::to_string(i), rel.c_str());
        }
        QVERIFY2(landed > 100 && landed < kFiles, qPrintable(QString::number(landed)));
        QCOMPARE(fgtest::tempFilesUnder(snap), QStringList());
    }

    // (d) kill -9 of the CLI mid-transfer: every target file old or new; the
    // next run completes the job.
    void killedMidTransfer()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        Versions v;
        // ~21 MiB of new data, ~5 s at 4 MiB/s; files of 1 MiB or more, so
        // one is nearly always half-written.
        v.make(src, dst, 20, 1024 * 1024);

        QProcess p;
        p.start(fgtest::cliPath(), {u"sync"_s, u"--bwlimit"_s, u"4M"_s, q(src + "/"), q(dst + "/")});
        QVERIFY(p.waitForStarted(10000));
        QThread::msleep(1000);
        // Kill while a file is half-written (its temp file exists).
        QVERIFY2(waitFor([&] { return !fgtest::tempFilesUnder(dst).isEmpty(); }, 5000), "no file was being written");
        QVERIFY2(p.state() == QProcess::Running, "the sync finished before it could be killed");
        p.kill();
        QVERIFY(p.waitForFinished(10000));

        int fresh = 0;
        const QString torn = v.checkOldOrNew(dst, &fresh);
        QVERIFY2(torn.isEmpty(), qPrintable(torn));
        qInfo("killed after 1 s: %d of 20 files were new", fresh);
        QVERIFY2(fresh < 20, "every file was already new: the kill came too late to test anything");

        CliRun r = fgtest::runCli({u"sync"_s, u"--json"_s, q(src + "/"), q(dst + "/")}, 60000);
        VERIFY_EXIT(r, 0);
        QCOMPARE(v.checkOldOrNew(dst, &fresh), QString());
        QCOMPARE(fresh, 20);
        const QStringList leftovers = fgtest::tempFilesUnder(dst);
        QVERIFY2(leftovers.isEmpty(),
                 qPrintable(u"temp files of the killed run are still in the target after a complete resync: "_s
                            + leftovers.join(u", "_s)));
        VERIFY_SAME_TREE(src, dst);
    }

    // (f) SIGINT / SIGTERM: a clean cancel, exit 20, old-or-new, no temp files.
    void interrupted_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }
    void interrupted()
    {
        QFETCH(int, signal);
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        Versions v;
        v.make(src, dst, 20, 384 * 1024);

        QProcess p;
        p.start(fgtest::cliPath(), {u"sync"_s, u"--json"_s, u"--bwlimit"_s, u"4M"_s, q(src + "/"), q(dst + "/")});
        QVERIFY(p.waitForStarted(10000));
        QThread::msleep(800);
        QVERIFY2(p.state() == QProcess::Running, "the sync finished before it could be interrupted");
        QElapsedTimer timer;
        timer.start();
        ::kill(pid_t(p.processId()), signal);
        QVERIFY2(p.waitForFinished(15000), "the sync did not stop after the signal");
        QVERIFY2(timer.elapsed() < 5000, "the cancel took longer than 5 s");
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 20,
                 ("exit " + QByteArray::number(p.exitCode()) + "\n" + out + "\n" + err).constData());
        QJsonObject j = jsonOf(out);
        QCOMPARE(j.value(u"state"_s).toString(), QStringLiteral("cancelled"));
        QCOMPARE(j.value(u"exit_code"_s).toInt(), 20);

        QCOMPARE(v.checkOldOrNew(dst), QString());
        QCOMPARE(fgtest::tempFilesUnder(dst), QStringList());
    }

    // Interrupting a client that pushes to a daemon: the daemon drops its temp
    // files, the module keeps old-or-new files.
    void interruptedDaemonPush()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), mod = dir.sub("mod");
        Versions v;
        v.make(src, mod + "/int", 20, 384 * 1024);
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + mod), u"--state-dir"_s,
                               q(dir.sub("server"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        CliRun paired = fgtest::runCli({u"pair"_s, QStringLiteral("floodgate://127.0.0.1:%1").arg(server.port()),
                                        u"--code"_s, server.pairCode(), u"--state-dir"_s, q(dir.sub("client"))},
                                       30000);
        VERIFY_EXIT(paired, 0);

        QProcess p;
        p.start(fgtest::cliPath(),
                {u"sync"_s, u"--state-dir"_s, q(dir.sub("client")), u"--bwlimit"_s, u"4M"_s, q(src + "/"),
                 server.url(u"m/int/"_s)});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return v.begun(mod + "/int"); }, 15000),
                 "the transfer never started");
        QThread::msleep(300);
        QVERIFY2(p.state() == QProcess::Running, "the push finished before it could be interrupted");
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY2(p.waitForFinished(15000), "the client did not stop after SIGINT");
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 20,
                 ("exit " + QByteArray::number(p.exitCode()) + "\n" + p.readAllStandardError()).constData());
        QCOMPARE(v.checkOldOrNew(mod + "/int"), QString());
        // The daemon notices the cancel and removes its half-written file.
        QVERIFY2(waitFor([&] { return fgtest::tempFilesUnder(mod + "/int").isEmpty(); }, 5000),
                 qPrintable(fgtest::tempFilesUnder(mod + "/int").join(u", "_s)));
        QVERIFY(server.running());
    }

    // (e) The daemon dies mid-push: the client notices fast, says why, and the
    // module's files are old or new.
    void cutLinkDuringPush()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), mod = dir.sub("mod");
        Versions v;
        v.make(src, mod + "/cut", 20, 384 * 1024);
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + mod), u"--state-dir"_s,
                               q(dir.sub("server"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        CliRun paired = fgtest::runCli({u"pair"_s, QStringLiteral("floodgate://127.0.0.1:%1").arg(server.port()),
                                        u"--code"_s, server.pairCode(), u"--state-dir"_s, q(dir.sub("client"))},
                                       30000);
        VERIFY_EXIT(paired, 0);

        QProcess p;
        p.start(fgtest::cliPath(),
                {u"sync"_s, u"--state-dir"_s, q(dir.sub("client")), u"--retry-for"_s, u"0"_s, u"--bwlimit"_s, u"4M"_s,
                 q(src + "/"), server.url(u"m/cut/"_s)});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return v.begun(mod + "/cut"); }, 15000),
                 "the transfer never started");
        QThread::msleep(500);
        QVERIFY2(p.state() == QProcess::Running, "the push finished before the daemon could be killed");
        server.killHard();
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(p.waitForFinished(30000), "the client hangs after the daemon died");
        QVERIFY2(timer.elapsed() < 10000,
                 qPrintable(QStringLiteral("the client took %1 ms to notice").arg(timer.elapsed())));
        const QByteArray err = p.readAllStandardError();
        const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        QVERIFY2(code == 10 || code == 12, ("exit " + QByteArray::number(code) + "\n" + err).constData());
        QVERIFY2(err.contains("connection"), err.constData());
        QCOMPARE(v.checkOldOrNew(mod + "/cut"), QString());
    }

    // (Both with --retry-for 0: what a job that gives up leaves behind. The
    // jobs that reconnect are in tests/faults/test_reconnect.cpp.)
    // The daemon dies mid-pull: the client is the receiver and must clean up
    // its own temp files.
    void cutLinkDuringPull()
    {
        ScratchDir dir("fgfaults");
        const std::string mod = dir.sub("mod"), dst = dir.sub("dst");
        Versions v;
        v.make(mod + "/data", dst, 20, 384 * 1024);
        DaemonProcess server;
        QString why;
        QVERIFY2(server.start({u"--listen"_s, u"127.0.0.1:0"_s, u"--module"_s, q("m=" + mod), u"--state-dir"_s,
                               q(dir.sub("server"))},
                              q(dir.sub("serve.log")), &why),
                 qPrintable(why));
        CliRun paired = fgtest::runCli({u"pair"_s, QStringLiteral("floodgate://127.0.0.1:%1").arg(server.port()),
                                        u"--code"_s, server.pairCode(), u"--state-dir"_s, q(dir.sub("client"))},
                                       30000);
        VERIFY_EXIT(paired, 0);

        // The daemon paces what it sends with the client's --bwlimit.
        QProcess p;
        p.start(fgtest::cliPath(),
                {u"sync"_s, u"--state-dir"_s, q(dir.sub("client")), u"--retry-for"_s, u"0"_s, u"--bwlimit"_s, u"4M"_s,
                 server.url(u"m/data/"_s), q(dst + "/")});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return v.begun(dst); }, 15000), "the transfer never started");
        QThread::msleep(500);
        QVERIFY2(p.state() == QProcess::Running, "the pull finished before the daemon could be killed");
        server.killHard();
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(p.waitForFinished(30000), "the client hangs after the daemon died");
        QVERIFY2(timer.elapsed() < 10000,
                 qPrintable(QStringLiteral("the client took %1 ms to notice").arg(timer.elapsed())));
        const QByteArray err = p.readAllStandardError();
        const int code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        QVERIFY2(code == 10 || code == 12, ("exit " + QByteArray::number(code) + "\n" + err).constData());
        QVERIFY2(err.contains("connection"), err.constData());
        QCOMPARE(v.checkOldOrNew(dst), QString());
        QCOMPARE(fgtest::tempFilesUnder(dst), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "test_sources_disks_and_kills.moc"
