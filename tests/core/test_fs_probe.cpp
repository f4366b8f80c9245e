// The probe that learns what a destination file system keeps: on the
// machine's own file systems, and on FAT and exFAT images mounted through
// FUSE for the test.

#include "fuse_mount.h"
#include "receive/fs_probe.h"
#include "test_support.h"

#include <QTest>

#include <sys/stat.h>

using fgtest::FuseMount;
using fgtest::ScratchDir;

namespace {

fg::FsTraits probeAt(const std::string& path)
{
    auto dir = fg::platform::DirHandle::open(path);
    if (!dir.ok()) qFatal("cannot open %s: %s", path.c_str(), dir.error().message.c_str());
    return fg::probeFileSystem(*dir);
}

// Nothing of the probe is left, and the directory's time is as it was.
void verifyLeftNoTrace(const std::string& path, int64_t mtimeBefore)
{
    QCOMPARE(fgtest::describeTree(path, false).size(), size_t(0));
    struct stat st{};
    QVERIFY(::stat(path.c_str(), &st) == 0);
    const int64_t after = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    QCOMPARE(after, mtimeBefore);
}

int64_t mtimeOf(const std::string& path)
{
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0) return -1;
    return int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

} // namespace

class TestFsProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void localFileSystemKeepsEverything()
    {
        ScratchDir s("fgprobe");
        const std::string dir = s.sub("d");
        ::mkdir(dir.c_str(), 0755);
        fgtest::setMtime(dir, 1600000000, 5);
        const int64_t before = mtimeOf(dir);
        const fg::FsTraits t = probeAt(dir);
        QVERIFY(t.probed);
        QVERIFY(!t.names.foldsCase);
        QVERIFY(!t.names.foldsNormalization);
        QVERIFY(t.timesStick);
        QVERIFY2(t.timeGranularityNs <= 1000, qPrintable(QString::number(t.timeGranularityNs)));
        QVERIFY(t.keepsModes);
        QVERIFY(!t.fs.type.empty() && t.fs.type != "unknown");
        // The scratch folder is on the kernel's ext4, xfs, btrfs or tmpfs: the
        // receiver may write there with fewer calls.
        QVERIFY2(t.localDisk, t.describe().c_str());
        // ... and a small file needs no temporary name there (O_TMPFILE, named
        // by a link once complete).
        QVERIFY2(t.anonymousTemps, t.describe().c_str());
        verifyLeftNoTrace(dir, before);
    }

    // Where it cannot write, the probe looks an existing name up in the other
    // case instead (on a read-only bind mount as root, whom a mode 0555
    // would not stop).
    void readOnlyDirectoryFallsBackToLooking()
    {
        ScratchDir s("fgprobe");
        fgtest::writeFile(s.sub("d/Readme"), "x");
        fgtest::writeFile(s.sub("d/README"), "y");
        fgtest::writeFile(s.sub("d/notes"), "z");
        const std::string d = s.sub("d");
        bool bound = false;
        if (::geteuid() == 0) {
            bound = fgtest::runProgram(QStringLiteral("mount"), {QStringLiteral("--bind"), QString::fromStdString(d),
                                                                 QString::fromStdString(d)}).exitCode == 0;
            if (bound)
                bound = fgtest::runProgram(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,ro,bind"),
                                                                     QString::fromStdString(d)}).exitCode == 0;
            if (!bound) QSKIP("cannot make a read-only bind mount here");
        } else {
            ::chmod(d.c_str(), 0555);
        }
        const fg::FsTraits t = probeAt(d);
        if (bound) fgtest::runProgram(QStringLiteral("umount"), {QString::fromStdString(d)});
        else ::chmod(d.c_str(), 0755);
        QVERIFY(!t.probed);
        QVERIFY2(!t.names.foldsCase, "Readme and README are both listed: case is told apart");
        QVERIFY(t.keepsModes);
    }

    void fatThroughFuse()
    {
        ScratchDir s("fgprobe");
        FuseMount fat(FuseMount::Kind::Fat, s.path());
        if (!fat.ok()) QSKIP(qPrintable(fat.why()));
        ::mkdir(fat.sub("d").c_str(), 0755);
        const int64_t before = mtimeOf(fat.sub("d"));
        const fg::FsTraits t = probeAt(fat.sub("d"));
        QVERIFY(t.probed);
        QVERIFY(t.names.foldsCase);
        QVERIFY(!t.names.foldsNormalization);
        QVERIFY(t.timesStick);
        QCOMPARE(t.timeGranularityNs, int64_t(2000000000));
        QVERIFY(!t.keepsModes);
        QVERIFY2(!t.modeError.empty(), "fusefat has no chmod: the error is kept for the warning");
        QVERIFY2(t.describe().find("fusefat") != std::string::npos, t.describe().c_str());
        QVERIFY2(!t.localDisk, "a FUSE file system may stamp a file at its close: the long way");
        QVERIFY(!t.anonymousTemps);
        verifyLeftNoTrace(fat.sub("d"), before);
    }

    void exfatThroughFuse()
    {
        ScratchDir s("fgprobe");
        FuseMount exfat(FuseMount::Kind::ExFat, s.path());
        if (!exfat.ok()) QSKIP(qPrintable(exfat.why()));
        const fg::FsTraits t = probeAt(exfat.path());
        QVERIFY(t.probed);
        QVERIFY(t.names.foldsCase);
        QVERIFY(!t.names.foldsNormalization);
        QVERIFY2(t.timesStick, "explicit access times make exfat-fuse keep the modification time");
        QVERIFY2(t.timeGranularityNs >= 10000000 && t.timeGranularityNs <= 2000000000,
                 qPrintable(QString::number(t.timeGranularityNs)));
        QVERIFY(!t.keepsModes);
        QVERIFY(t.modeError.empty()); // accepted and ignored
        QVERIFY(!t.localDisk);
        QVERIFY(!t.anonymousTemps);
    }
};

QTEST_GUILESS_MAIN(TestFsProbe)
#include "test_fs_probe.moc"
