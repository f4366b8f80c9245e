// A destination that cannot be written (a read-only mount here): the job
// says so, naming it and the remedy, before any file data crosses the wire;
// a re-sync with nothing to change still succeeds there. And a job the
// daemon ends at once says why, and nothing beside it.

#include "test_support.h"

#include <QJsonObject>
#include <QTest>

#include <sys/mount.h>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

// A tmpfs at `path`, filled by `fill`, then made read-only.
bool readOnlyMountWith(const std::string& path, const std::function<void()>& fill)
{
    if (::mount("tmpfs", path.c_str(), "tmpfs", 0, "size=16m") != 0) return false;
    fill();
    return ::mount("tmpfs", path.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=16m") == 0;
}

} // namespace

class TestUnwritable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pushIntoAReadOnlyModuleSendsNoData()
    {
        ScratchDir dir;
        writeFile(dir.sub("module/ro/.keep"), "");
        const std::string ro = dir.sub("module/ro");
        const std::string big = randomBytes(8 << 20, 3);
        writeFile(dir.sub("src/big.bin"), big);
        writeFile(dir.sub("src/same.txt"), "same");
        setMtime(dir.sub("src/same.txt"), 1'700'000'000);
        if (!readOnlyMountWith(ro, [&] {
                writeFile(ro + "/same.txt", "same");
                setMtime(ro + "/same.txt", 1'700'000'000);
            }))
            QSKIP("cannot mount a tmpfs here (needs root)");
        struct Unmount {
            std::string at;
            ~Unmount() { ::umount2(at.c_str(), MNT_DETACH); }
        } unmount{ro};
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));

        CliRun run = f.sync({q(dir.sub("src/")), f.daemon.url(u"m/ro/"_s)});
        QVERIFY2(run.exitCode == 3, explain(run).constData());
        QVERIFY2(run.err.contains("cannot be written") && run.err.contains("Read-only file system"),
                 explain(run).constData());
        QVERIFY2(run.err.contains("--read-only"), explain(run).constData()); // the remedy, on a daemon
        // The real error alone: not data connections the ended job refused.
        QVERIFY2(!run.err.contains("data connection"), explain(run).constData());
        QString error;
        const QJsonObject json = parseJsonObject(run.out, &error);
        // The file list and the refusal, not 8 MiB of data.
        QVERIFY2(json.value(u"wire_bytes"_s).toDouble() < 1e6, run.out.constData());

        // Nothing to change: it works on a read-only copy.
        ::unlink(dir.sub("src/big.bin").c_str());
        CliRun same = f.sync({q(dir.sub("src/same.txt")), f.daemon.url(u"m/ro/same.txt"_s)});
        QVERIFY2(same.exitCode == 0, explain(same).constData());

        // And locally, with the remedy for this user.
        writeFile(dir.sub("src/big.bin"), big);
        CliRun local = runCli({u"sync"_s, q(dir.sub("src/")), q(ro + "/")});
        QVERIFY2(local.exitCode == 3, explain(local).constData());
        QVERIFY2(local.err.contains("write access"), explain(local).constData());
    }

    // A job the daemon ends at once (here a pull of a source that is not
    // there) says why, and only that: not the data connections that were
    // still joining it and were refused because it had ended.
    void aJobTheDaemonEndsAtOnceSaysOnlyWhy()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        for (int i = 0; i < 5; ++i) {
            CliRun run = f.sync({u"--streams"_s, u"8"_s, f.daemon.url(u"m/not-there/"_s), q(dir.sub("dst/"))});
            QVERIFY2(run.exitCode == 3, explain(run).constData());
            QVERIFY2(run.err.contains("not-there"), explain(run).constData());
            QVERIFY2(!run.err.contains("data connection"), explain(run).constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestUnwritable)
#include "test_unwritable.moc"

using fgtest::q;
