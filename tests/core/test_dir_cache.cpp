// Directory handles below a transfer root: opened one name at a time, never
// through a symlink (unless -L follows links), made on request, kept in a
// small LRU and forgotten when a directory is removed.

#include "scan/dir_cache.h"

#include "test_support.h"

#include <QTest>

#include <unistd.h>

using namespace fg;
using fgtest::ScratchDir;

namespace {
DirCache cacheAt(const std::string& root, size_t capacity = 64)
{
    auto dir = platform::DirHandle::open(root);
    if (!dir.ok()) qFatal("cannot open %s", root.c_str());
    return DirCache(std::move(dir).value(), capacity);
}
} // namespace

class TestDirCache : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void opensAndMakesDirectoriesBelowTheRoot()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("r/a/b/f"), "x");
        DirCache cache = cacheAt(d.sub("r"));
        auto b = cache.get("a/b");
        QVERIFY(b.ok());
        QVERIFY((*b)->statAt("f").ok());
        QVERIFY(cache.get("").ok()); // the root itself
        QVERIFY(!cache.get("a/missing").ok());
        auto made = cache.get("new/deep", true);
        QVERIFY(made.ok());
        QVERIFY(fgtest::exists(d.sub("r/new/deep")));
    }

    void neverGoesThroughASymlink()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("outside/secret"), "s");
        QVERIFY(platform::makeDirectories(d.sub("r"), 0755).ok());
        QCOMPARE(::symlink(d.sub("outside").c_str(), d.sub("r/link").c_str()), 0);
        DirCache cache = cacheAt(d.sub("r"));
        QVERIFY(!cache.get("link").ok());
        // Nor does making a path: the link is not taken for a directory.
        QVERIFY(!cache.get("link/sub", true).ok());
        QVERIFY(!fgtest::exists(d.sub("outside/sub")));
    }

    void aRemovedDirectoryIsForgottenAndFoundAnew()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("r/a/f"), "1");
        DirCache cache = cacheAt(d.sub("r"), 2);
        QVERIFY(cache.get("a").ok());
        // Replaced behind the cache's back: the old handle still points at
        // the removed directory until the cache is told.
        QVERIFY(platform::removeTree(d.sub("r/a")).ok());
        fgtest::writeFile(d.sub("r/a/g"), "2");
        cache.invalidate("a");
        auto again = cache.get("a");
        QVERIFY(again.ok());
        QVERIFY((*again)->statAt("g").ok());
        QVERIFY(!(*again)->statAt("f").ok());
    }

    void manyDirectoriesStayWithinTheCapacity()
    {
        ScratchDir d;
        for (int i = 0; i < 20; ++i) fgtest::writeFile(d.sub("r/d" + std::to_string(i) + "/f"), "x");
        DirCache cache = cacheAt(d.sub("r"), 4);
        // Every one opens, in turn and again, though only four are kept.
        for (int round = 0; round < 2; ++round)
            for (int i = 0; i < 20; ++i) {
                auto dir = cache.get("d" + std::to_string(i));
                QVERIFY(dir.ok());
                QVERIFY((*dir)->statAt("f").ok());
            }
    }

    void openSubdirMakesWhatIsMissingWithTheModeAsked()
    {
        ScratchDir d;
        QVERIFY(platform::makeDirectories(d.sub("r"), 0755).ok());
        auto root = platform::DirHandle::open(d.sub("r"));
        QVERIFY(root.ok());
        QVERIFY(!openSubdir(*root, "x/y", false).ok());
        auto made = openSubdir(*root, "x/y", true, 0700);
        QVERIFY(made.ok());
        auto info = platform::statPath(d.sub("r/x/y"), false);
        QVERIFY(info.ok());
        QCOMPARE(info->mode & 0777, 0700u);
    }
};

QTEST_GUILESS_MAIN(TestDirCache)
#include "test_dir_cache.moc"
