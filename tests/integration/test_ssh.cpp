// End-to-end tests of the ssh path: a throwaway sshd on 127.0.0.1 (own host
// key, own user key, own config, random port), and `floodgate sync -e "ssh ..."
// --remote-floodgate <this build>` to and from host:path, which runs
// `floodgate serve --stdio` on the far end the way rsync runs itself.

#include "test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <memory>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

const QString kSshd = u"/usr/sbin/sshd"_s;

} // namespace

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

// With what sshd said, where ssh is what failed.
#undef VERIFY_EXIT
#define VERIFY_EXIT(run, code)                                                                                         \
    do {                                                                                                               \
        const auto& verifiedRun_ = (run);                                                                              \
        QVERIFY2(verifiedRun_.exitCode == (code), (explain(verifiedRun_) + sshdContext()).constData());                \
    } while (0)

class TestSsh : public QObject {
    Q_OBJECT

    std::unique_ptr<ScratchDir> m_dir;
    std::unique_ptr<QProcess> m_sshd;
    uint16_t m_port = 0;
    QString m_rsh;
    QString m_user;

    QByteArray sshdContext() const
    {
        if (!m_dir) return {};
        QFile f(q(m_dir->sub("sshd.log")));
        return f.open(QIODevice::ReadOnly) ? "\n--- sshd log:\n" + f.readAll().right(4000) : QByteArray();
    }

    CliRun sync(const QStringList& args, const QString& remoteFloodgate = fgtest::cliPath()) const
    {
        return fgtest::runCli(QStringList{u"sync"_s, u"-e"_s, m_rsh, u"--remote-floodgate"_s, remoteFloodgate} + args,
                              60000);
    }

    static QString remote(const std::string& absPath) { return QStringLiteral("127.0.0.1:") + q(absPath); }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(kSshd)) QSKIP("/usr/sbin/sshd not found: install the openssh-server package");
        const QString keygen = QStandardPaths::findExecutable(u"ssh-keygen"_s);
        if (keygen.isEmpty())
            QSKIP("ssh-keygen not found: install the openssh-client package (openssh-server needs it)");
        if (QStandardPaths::findExecutable(u"ssh"_s).isEmpty())
            QSKIP("ssh not found: install the openssh-client package");

        // sshd insists on its privilege-separation directory.
        if (!QFileInfo::exists(u"/run/sshd"_s)) {
            if (::mkdir("/run/sshd", 0755) != 0)
                QSKIP("/run/sshd is missing and cannot be created (sshd needs it); run as root or create it");
        }

        m_dir = std::make_unique<ScratchDir>("fgssh");
        ::chmod(m_dir->path().c_str(), 0755);
        const std::string keys = m_dir->sub("keys");
        QVERIFY(QDir().mkpath(q(keys)));
        for (const char* name : {"host_key", "user_key"}) {
            CliRun r = fgtest::runProgram(keygen,
                                          {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, u""_s, u"-C"_s, u"floodgate-test"_s,
                                           u"-f"_s, q(keys + "/" + name)},
                                          30000);
            QVERIFY2(r.exitCode == 0, explain(r).constData());
        }
        QVERIFY(QFile::copy(q(keys + "/user_key.pub"), q(keys + "/authorized_keys")));
        ::chmod((keys + "/authorized_keys").c_str(), 0600);

        m_port = fgtest::freeLocalPort();
        QVERIFY(m_port != 0);
        const std::string config = m_dir->sub("sshd_config");
        fgtest::writeFile(config,
                          "ListenAddress 127.0.0.1\n"
                          "Port "
                              + std::to_string(m_port)
                              + "\n"
                                "HostKey "
                              + keys
                              + "/host_key\n"
                                "PidFile "
                              + m_dir->sub("sshd.pid")
                              + "\n"
                                "AuthorizedKeysFile "
                              + keys
                              + "/authorized_keys\n"
                                "StrictModes no\n"
                                "UsePAM no\n"
                                "PermitRootLogin yes\n"
                                "PubkeyAuthentication yes\n"
                                "PasswordAuthentication no\n"
                                "KbdInteractiveAuthentication no\n"
                                "PrintMotd no\n"
                                "Subsystem sftp internal-sftp\n",
                          0644);

        m_sshd = std::make_unique<QProcess>();
        m_sshd->setStandardOutputFile(q(m_dir->sub("sshd.log")));
        m_sshd->setStandardErrorFile(q(m_dir->sub("sshd.log")), QIODevice::Append);
        m_sshd->start(kSshd, {u"-D"_s, u"-e"_s, u"-f"_s, q(config)});
        QVERIFY2(m_sshd->waitForStarted(10000), qPrintable(m_sshd->errorString()));
        QElapsedTimer timer;
        timer.start();
        while (!fgtest::canConnect(m_port) && timer.elapsed() < 15000 && m_sshd->state() == QProcess::Running)
            QThread::msleep(50);
        QVERIFY2(m_sshd->state() == QProcess::Running && fgtest::canConnect(m_port),
                 ("sshd did not come up" + sshdContext()).constData());

        struct passwd* pw = ::getpwuid(::geteuid());
        QVERIFY(pw);
        m_user = QString::fromLocal8Bit(pw->pw_name);
        m_rsh = QStringLiteral("ssh -p %1 -i %2 -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
                               "-o BatchMode=yes -o LogLevel=ERROR")
                    .arg(m_port)
                    .arg(q(keys + "/user_key"));

        // The fixture itself: a plain ssh command must work before floodgate is blamed.
        CliRun probe = fgtest::runProgram(u"sh"_s, {u"-c"_s, m_rsh + u" 127.0.0.1 echo ssh-ok"_s}, 30000);
        QVERIFY2(probe.exitCode == 0 && probe.out.contains("ssh-ok"),
                 ("the test's sshd does not accept the test key:\n" + explain(probe) + sshdContext()).constData());
    }

    void cleanupTestCase()
    {
        if (m_sshd && m_sshd->state() != QProcess::NotRunning) {
            m_sshd->terminate();
            if (!m_sshd->waitForFinished(5000)) {
                m_sshd->kill();
                m_sshd->waitForFinished(5000);
            }
        }
        m_sshd.reset();
        m_dir.reset();
    }

    // --ssh-cipher reaches ssh as -c: a cipher both ends have works, one the
    // server does not offer (3DES is off by default in sshd) fails in ssh.
    void sshCipherIsPassedToSsh()
    {
        ScratchDir dir("fgssh-t");
        const std::string src = dir.sub("src");
        fgtest::makeSampleTree(src, 23);
        CliRun r = sync({u"--ssh-cipher"_s, u"aes128-ctr"_s, q(src + "/"), remote(dir.sub("remote/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, dir.sub("remote"));

        r = sync({u"--ssh-cipher"_s, u"3des-cbc"_s, q(src + "/"), remote(dir.sub("refused/"))});
        QVERIFY2(r.exitCode != 0, explain(r).constData());
        QVERIFY2(r.err.contains("accepts --ssh-cipher 3des-cbc"), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("refused")));
    }

    void pushAndPull()
    {
        ScratchDir dir("fgssh-t");
        const std::string src = dir.sub("src");
        fgtest::makeSampleTree(src, 21);

        CliRun r = sync({q(src + "/"), remote(dir.sub("remote/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, dir.sub("remote"));

        r = sync({remote(dir.sub("remote/")), q(dir.sub("pulled/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, dir.sub("pulled"));

        // SRC without a slash: the directory itself, both ways; user@host form.
        r = sync({q(src), m_user + u"@"_s + remote(dir.sub("named/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, dir.sub("named/src"));
        r = sync({m_user + u"@"_s + remote(dir.sub("remote")), q(dir.sub("pulled-named/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(src, dir.sub("pulled-named/remote"));

        // A single file.
        r = sync({q(src + "/sub/b.bin"), remote(dir.sub("one.bin"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("one.bin")), fgtest::readFile(src + "/sub/b.bin"));
        QCOMPARE(fgtest::tempFilesUnder(dir.path()), QStringList());
    }

    // The pipeline's times add up on both ends over ssh too; ssh does the
    // encrypting, so neither end has a cipher stage.
    void stageTimesAddUpOverSsh()
    {
        ScratchDir dir("fgssh-t");
        const std::string src = dir.sub("src");
        fgtest::makeSampleTree(src, 25);
        for (const bool push : {true, false}) {
            CliRun r = push ? sync({u"--json"_s, q(src + "/"), remote(dir.sub("remote/"))})
                            : sync({u"--json"_s, remote(src + "/"), q(dir.sub("pulled/"))});
            VERIFY_EXIT(r, 0);
            QString error;
            const QJsonObject report = fgtest::parseJsonObject(r.out, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QString mismatch = fgtest::stageTimesMismatch(report);
            QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
            const auto stages = fgtest::stageBytes(report);
            QVERIFY2(stages.count(push ? u"write@remote"_s : u"write"_s), r.out.constData());
            for (const auto& [name, bytes] : stages) QVERIFY2(!name.contains(u"crypt"_s), qPrintable(name));
        }
    }

    void resyncTransfersNothing()
    {
        ScratchDir dir("fgssh-t");
        const std::string src = dir.sub("src");
        fgtest::makeSampleTree(src, 22);
        CliRun r = sync({q(src + "/"), remote(dir.sub("remote/"))});
        VERIFY_EXIT(r, 0);
        const auto before = fgtest::describeTree(dir.sub("remote"));

        r = sync({u"--json"_s, q(src + "/"), remote(dir.sub("remote/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 0);
        QCOMPARE(j.value(u"files_total"_s).toInt(), 6);
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(dir.sub("remote"))).isEmpty());

        r = sync({remote(dir.sub("remote/")), q(dir.sub("pulled/"))});
        VERIFY_EXIT(r, 0);
        r = sync({u"--json"_s, remote(dir.sub("remote/")), q(dir.sub("pulled/"))});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
    }

    void deleteAndDryRun()
    {
        ScratchDir dir("fgssh-t");
        const std::string src = dir.sub("src"), dst = dir.sub("remote");
        fgtest::makeSampleTree(src, 23);
        CliRun r = sync({q(src + "/"), remote(dst + "/")});
        VERIFY_EXIT(r, 0);
        fgtest::writeFile(dst + "/extra.txt", "extra");
        fgtest::writeFile(dst + "/keep.log", "excluded");
        fgtest::writeFile(src + "/new.txt", "new");
        const auto before = fgtest::describeTree(dst);

        r = sync({u"-n"_s, u"--delete"_s, q(src + "/"), remote(dst + "/")});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("new.txt") && r.out.contains("extra.txt"), explain(r).constData());
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(dst)).isEmpty());

        r = sync({u"-n"_s, q(src + "/"), remote(dir.sub("not-yet/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(!fgtest::exists(dir.sub("not-yet")), "a dry run created the remote destination");

        r = sync({u"--delete"_s, u"--exclude"_s, u"*.log"_s, q(src + "/"), remote(dst + "/")});
        VERIFY_EXIT(r, 0);
        QVERIFY(!fgtest::exists(dst + "/extra.txt"));
        QCOMPARE(fgtest::readFile(dst + "/keep.log"), std::string("excluded"));
        QVERIFY(QFile::remove(q(dst + "/keep.log")));
        VERIFY_SAME_TREE(src, dst);
    }

    void badRemoteFloodgate()
    {
        ScratchDir dir("fgssh-t");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        QElapsedTimer timer;
        timer.start();
        CliRun r = sync({q(dir.sub("src/")), remote(dir.sub("remote/"))}, u"/nonexistent/bin/floodgate"_s);
        QVERIFY2(r.exitCode > 0, explain(r).constData()); // a normal, non-zero exit (not a crash, not a hang)
        QVERIFY2(timer.elapsed() < 30000, "a missing remote floodgate took too long to report");
        QVERIFY2(r.err.contains("--remote-floodgate"), explain(r).constData());
        QVERIFY2(r.err.contains("/nonexistent/bin/floodgate") || r.err.contains("could not start floodgate"),
                 explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("remote")));

        // Pulling: the same.
        r = sync({remote(dir.sub("src/")), q(dir.sub("pulled/"))}, u"/nonexistent/bin/floodgate"_s);
        QVERIFY2(r.exitCode > 0, explain(r).constData());
        QVERIFY2(r.err.contains("--remote-floodgate"), explain(r).constData());
    }

    void unreachableHost()
    {
        // Nothing listens on this port: ssh fails, floodgate says so and exits non-zero.
        ScratchDir dir("fgssh-t");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        const uint16_t closed = fgtest::freeLocalPort();
        QString rsh = m_rsh;
        rsh.replace(QStringLiteral("-p %1").arg(m_port), QStringLiteral("-p %1").arg(closed));
        CliRun r = fgtest::runCli({u"sync"_s, u"-e"_s, rsh, u"--remote-floodgate"_s, fgtest::cliPath(),
                                   q(dir.sub("src/")), remote(dir.sub("remote/"))},
                                  60000);
        QVERIFY2(r.exitCode == 10, explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("remote")));
    }

    void remoteDestinationProblems()
    {
        // A missing remote source and a missing remote parent are exit 3, as locally.
        ScratchDir dir("fgssh-t");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync({remote(dir.sub("no-such-dir/")), q(dir.sub("pulled/"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("no-such-dir"), explain(r).constData());
        r = sync({q(dir.sub("src/")), remote(dir.sub("missing/parent/dst"))});
        VERIFY_EXIT(r, 3);
        QVERIFY(!fgtest::exists(dir.sub("missing")));
    }
};

QTEST_GUILESS_MAIN(TestSsh)
#include "test_ssh.moc"
