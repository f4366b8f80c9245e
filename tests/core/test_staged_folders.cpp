// New folders built out of sight (receive/staged_folders.h): a folder made
// under a temporary name gets its own once its small files are settled and
// the list has left it; a name taken meanwhile merges; a killed run's folder
// is salvaged by the next run's clean-up without its possibly torn files.

#include "common/path.h"
#include "plan/partial_files.h"
#include "receive/staged_folders.h"
#include "receive/tree_ops.h"
#include "scan/dir_cache.h"

#include "test_support.h"

#include <QTest>

#include <algorithm>

using namespace fg;
using fgtest::ScratchDir;
using namespace Qt::StringLiterals;

namespace {

platform::DirHandle openDir(const std::string& path)
{
    auto dir = platform::DirHandle::open(path);
    if (!dir.ok()) qFatal("cannot open %s", path.c_str());
    return std::move(dir).value();
}

// A cache that finds staged folders where they are, as the receiver's do.
DirCache cacheFor(const std::string& root, const StagedFolders& staged)
{
    DirCache cache(openDir(root));
    cache.setOnDiskName([&staged](std::string_view path) { return staged.onDiskName(path); });
    return cache;
}

// A destination "r" in a scratch folder, the job's folders built out of
// sight, and a cache that finds them where they are, as a writer's does.
std::string madeRoot(const ScratchDir& d)
{
    const std::string root = d.sub("r");
    if (!platform::makeDirectories(root, 0755).ok()) qFatal("cannot make %s", root.c_str());
    return root;
}

struct Job {
    ScratchDir d;
    std::string root = madeRoot(d);
    StagedFolders staged;
    DirCache cache = cacheFor(root, staged);
};

// Names under `dir` (not below) that are temporary ones, the job's lock
// file beside its first folder aside (it goes with the job: finish()).
int tempNamesIn(const std::string& dir)
{
    auto names = openDir(dir).list();
    int n = 0;
    if (names.ok())
        for (const auto& e : *names) n += isTempName(e.name) && targetOfTemp(e.name) != kStagedLiveStem ? 1 : 0;
    return n;
}

// Makes `name` in the folder `dir` (of the cache), as a writer does.
void makeFileIn(DirCache& cache, const std::string& dir, const std::string& name, const std::string& data)
{
    auto folder = cache.get(dir, true);
    QVERIFY(folder.ok());
    auto file = (*folder)->createExclusive(name, 0644);
    QVERIFY(file.ok());
    QVERIFY(file->writeAll(data.data(), data.size()).ok());
    QVERIFY(file->close().ok());
}

} // namespace

class TestStagedFolders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFolderStaysOutOfSightUntilItsFilesSettleAndTheListLeavesIt()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        QVERIFY(!fgtest::exists(j.d.sub("r/a")));
        QCOMPARE(tempNamesIn(j.d.sub("r")), 1);
        QVERIFY(j.staged.onDiskName("a").has_value());

        QVERIFY(j.staged.addFile("a", true));
        makeFileIn(j.cache, "a", "f", "data");
        j.staged.fileMade("a");
        j.staged.fileDone("a", true);
        // Messages name it, and what is in it, by the path the user will find.
        auto a = j.cache.get("a");
        QVERIFY(a.ok());
        QCOMPARE((*a)->path(), j.root + "/a");
        auto sub = j.cache.get("a/sub", true);
        QVERIFY(sub.ok());
        QCOMPARE((*sub)->path(), j.root + "/a/sub");
        // The list is still inside it.
        j.staged.listReached("a/g");
        QVERIFY(j.staged.takeReady().empty());
        j.staged.listReached("b");
        // Left by the list, but its file has not settled.
        QVERIFY(j.staged.takeReady().empty());
        j.staged.fileSettled("a");
        const auto ready = j.staged.takeReady();
        QCOMPARE(ready.size(), size_t(1));
        QCOMPARE(ready[0], std::string("a"));
        QVERIFY(j.staged.takeReady().empty()); // handed out once
        QVERIFY(j.staged.place("a", j.cache).ok());
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/f")), std::string("data"));
        QCOMPARE(tempNamesIn(j.d.sub("r")), 0);
        QVERIFY(!j.staged.onDiskName("a").has_value());
        QVERIFY(j.staged.remaining().empty());
    }

    void aFileStillOpenKeepsItsFolderOutOfSight()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        QVERIFY(j.staged.addFile("a", true));
        j.staged.fileMade("a");
        // Settled (a failure said) before its writer unlinked it.
        j.staged.fileSettled("a");
        j.staged.closeAll();
        QVERIFY(j.staged.takeReady().empty());
        j.staged.fileDone("a", true);
        QCOMPARE(j.staged.takeReady().size(), size_t(1));
    }

    void aPlacedFileSettlesAndClosesInOneCall()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "counted").ok());
        QVERIFY(j.staged.make(j.cache.root(), "open").ok());
        for (const char* folder : {"counted", "open"}) {
            QVERIFY(j.staged.addFile(folder, true));
            j.staged.fileMade(folder);
        }
        j.staged.closeAll();
        j.staged.filePlaced("counted", true, true);
        // Settled, but still counted open: it waits.
        j.staged.filePlaced("open", true, false);
        QVERIFY(j.staged.takeReady() == std::vector<std::string>{"counted"});
        j.staged.filePlaced("open", false, true);
        QVERIFY(j.staged.takeReady() == std::vector<std::string>{"open"});
    }

    void aFileThatCouldNotBeUnlinkedKeepsItsFolderOutOfSightForGood()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        QVERIFY(j.staged.addFile("a", true));
        j.staged.fileMade("a");
        j.staged.fileDone("a", false);
        j.staged.fileSettled("a");
        j.staged.closeAll();
        QVERIFY(j.staged.takeReady().empty());
        QVERIFY(j.staged.remaining().empty());
        QVERIFY(!fgtest::exists(j.d.sub("r/a")));
    }

    void aBigFileOrTheCapClosesTheFolder()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "big").ok());
        QVERIFY(j.staged.make(j.cache.root(), "many").ok());
        QVERIFY(j.staged.addFile("big", true));
        // A big file is not made there, and the folder takes no more.
        QVERIFY(!j.staged.addFile("big", false));
        QVERIFY(!j.staged.addFile("big", true));
        for (uint32_t i = 0; i < StagedFolders::kMaxFiles; ++i) QVERIFY(j.staged.addFile("many", true));
        QVERIFY(!j.staged.addFile("many", true));
        // Neither waits for the list now, only for what it took.
        j.staged.fileSettled("big");
        const auto ready = j.staged.takeReady();
        QCOMPARE(ready.size(), size_t(1));
        QCOMPARE(ready[0], std::string("big"));
        // A folder that is not j.staged takes nothing.
        QVERIFY(!j.staged.addFile("elsewhere", true));
    }

    void theListLeavesOnlyTheFoldersItIsNotInside()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        auto a = j.cache.get("a");
        QVERIFY(a.ok());
        QVERIFY(j.staged.make(**a, "a/b").ok());
        // "ab" is not inside "a".
        j.staged.listReached("a/b/f");
        QVERIFY(j.staged.takeReady().empty());
        j.staged.listReached("a/c");
        QVERIFY(j.staged.takeReady() == std::vector<std::string>{"a/b"});
        j.staged.listReached("ab");
        QVERIFY(j.staged.takeReady() == std::vector<std::string>{"a"});
        // Inside first, then its parent: each finds its parent where it is.
        QVERIFY(j.staged.place("a/b", j.cache).ok());
        QVERIFY(!fgtest::exists(j.d.sub("r/a")));
        QVERIFY(j.staged.place("a", j.cache).ok());
        QVERIFY(fgtest::exists(j.d.sub("r/a/b")));
        QCOMPARE(tempNamesIn(j.d.sub("r")), 0);
        QCOMPARE(tempNamesIn(j.d.sub("r/a")), 0);
    }

    void atTheEndOuterFoldersArePlacedFirst()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        auto a = j.cache.get("a");
        QVERIFY(a.ok());
        QVERIFY(j.staged.make(**a, "a/b").ok());
        auto b = j.cache.get("a/b");
        QVERIFY(b.ok());
        QVERIFY(j.staged.make(**b, "a/b/c").ok());
        makeFileIn(j.cache, "a/b/c", "f", "x");
        const auto all = j.staged.remaining();
        QVERIFY(all == (std::vector<std::string>{"a", "a/b", "a/b/c"}));
        for (const auto& folder : all) QVERIFY(j.staged.place(folder, j.cache, true).ok());
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/b/c/f")), std::string("x"));
        j.staged.finish();
        QVERIFY(fgtest::tempFilesUnder(j.d.sub("r")).isEmpty());
    }

    void aNameTakenMeanwhileTakesItsContentsAtTheEnd()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        makeFileIn(j.cache, "a", "ours", "1");
        makeFileIn(j.cache, "a", "both", "ours");
        makeFileIn(j.cache, "a/sub", "deep", "2"); // (a folder of ours, placed inside)
        // Another job made the folder first.
        fgtest::writeFile(j.d.sub("r/a/theirs"), "t");
        fgtest::writeFile(j.d.sub("r/a/both"), "theirs");
        fgtest::writeFile(j.d.sub("r/a/sub/other"), "o");
        j.staged.closeAll();
        QCOMPARE(j.staged.takeReady().size(), size_t(1));
        QVERIFY(j.staged.place("a", j.cache).ok());
        // Nothing moves while this job's writers may still name things in it,
        // and they still find it.
        QVERIFY(!fgtest::exists(j.d.sub("r/a/ours")));
        QVERIFY(j.staged.onDiskName("a").has_value());
        makeFileIn(j.cache, "a", "late", "3");
        // At the end: everything, and the emptied folder goes.
        QVERIFY(j.staged.remaining() == std::vector<std::string>{"a"});
        QVERIFY(j.staged.place("a", j.cache, true).ok());
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/ours")), std::string("1"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/both")), std::string("ours"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/theirs")), std::string("t"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/sub/deep")), std::string("2"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/sub/other")), std::string("o"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/late")), std::string("3"));
        j.staged.finish();
        QVERIFY(fgtest::tempFilesUnder(j.d.sub("r")).isEmpty());
        QVERIFY(j.staged.remaining().empty());
    }

    void somethingElseUnderTheNameIsAnError()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        fgtest::writeFile(j.d.sub("r/a"), "a file");
        Status placed = j.staged.place("a", j.cache);
        QVERIFY(!placed.ok());
        QVERIFY2(placed.error().message.find("built out of sight") != std::string::npos, placed.error().message.c_str());
        // Nothing of either was lost.
        QCOMPARE(fgtest::readFile(j.d.sub("r/a")), std::string("a file"));
        QCOMPARE(tempNamesIn(j.d.sub("r")), 1);
    }

    void aKilledRunsFolderIsSalvagedWithoutItsSmallFiles()
    {
        ScratchDir d;
        // What a killed run left: a folder out of sight holding a file made
        // under its name (maybe torn), a folder placed inside it, and a
        // folder out of sight inside it in turn.
        const std::string outer = d.sub("p/" + tempNameFor("a"));
        const std::string inner = outer + "/" + tempNameFor("b");
        const std::string other = d.sub("p/" + tempNameFor("e"));
        // Each with its link to its job's lock, which nobody holds now.
        for (const std::string& folder : {outer, inner, other})
            fgtest::writeFile(folder + "/" + tempNameFor(kStagedLiveStem), "");
        fgtest::writeFile(outer + "/torn", "to");
        fgtest::writeFile(outer + "/placed/whole", "w");
        fgtest::writeFile(inner + "/torn2", "t2");
        fgtest::writeFile(inner + "/c/whole2", "w2");
        // And one with nothing else: it goes whole.
        fgtest::writeFile(other + "/torn3", "t3");
        // A user's folder that only looks like one: no link, left alone.
        fgtest::writeFile(d.sub("p/.notes.fg-backup/keep"), "k");
        const StaleTemps stale = salvageStaleTemps(openDir(d.sub("p")), PartialLayout());
        QCOMPARE(stale.removed, size_t(3));
        QVERIFY(!fgtest::exists(d.sub("p/a/torn")));
        QCOMPARE(fgtest::readFile(d.sub("p/a/placed/whole")), std::string("w"));
        QVERIFY(!fgtest::exists(d.sub("p/a/b/torn2")));
        QCOMPARE(fgtest::readFile(d.sub("p/a/b/c/whole2")), std::string("w2"));
        QVERIFY(!fgtest::exists(d.sub("p/e")));
        QCOMPARE(fgtest::readFile(d.sub("p/.notes.fg-backup/keep")), std::string("k"));
        QCOMPARE(fgtest::tempFilesUnder(d.sub("p")), QStringList{u".notes.fg-backup"_s});
        QCOMPARE(tempNamesIn(d.sub("p/a")), 0);
    }

    void aSalvageWhoseMergeFailsIsTriedAgainLater()
    {
        ScratchDir d;
        // A killed run's folder, whose name another job took meanwhile with
        // a file where it has a folder: nothing can move that one now.
        const std::string staged = d.sub("p/" + tempNameFor("a"));
        fgtest::writeFile(staged + "/" + tempNameFor(kStagedLiveStem), "");
        fgtest::writeFile(staged + "/x/whole", "w");
        fgtest::writeFile(staged + "/y/whole2", "w2");
        fgtest::writeFile(d.sub("p/a/x"), "theirs");
        salvageStaleTemps(openDir(d.sub("p")), PartialLayout());
        QCOMPARE(fgtest::readFile(d.sub("p/a/x")), std::string("theirs"));
        // What could not move stays out of sight with its link, so the next
        // clean-up finds it; nothing of it is lost.
        QCOMPARE(tempNamesIn(d.sub("p")), 1);
        QCOMPARE(fgtest::readFile(staged + "/x/whole"), std::string("w"));
        auto link = openDir(staged).list();
        QVERIFY(link.ok());
        QVERIFY(std::any_of(link->begin(), link->end(), [](const auto& e) {
            return targetOfTemp(e.name) == kStagedLiveStem;
        }));
        // The clash gone, the next clean-up finishes the merge.
        QVERIFY(platform::DirHandle::open(d.sub("p/a")).value().unlinkAt("x").ok());
        salvageStaleTemps(openDir(d.sub("p")), PartialLayout());
        QCOMPARE(fgtest::readFile(d.sub("p/a/x/whole")), std::string("w"));
        QCOMPARE(fgtest::readFile(d.sub("p/a/y/whole2")), std::string("w2"));
        QVERIFY(fgtest::tempFilesUnder(d.sub("p")).isEmpty());
    }

    void aKilledJobsFoldersSideBySideKeepTheirLockThroughTheCleanUp()
    {
        ScratchDir d;
        // Two folders of one killed job, linked to its one lock file, whose
        // names were both taken meanwhile, each with a file where it has a
        // folder: neither can move now.
        const std::string lock = tempNameFor(kStagedLiveStem);
        std::vector<std::string> staged;
        for (const char* name : {"a", "b"}) {
            staged.push_back(d.sub("p/" + tempNameFor(name)));
            fgtest::writeFile(staged.back() + "/x/whole", name);
            fgtest::writeFile(d.sub("p/" + std::string(name) + "/x"), "theirs");
        }
        fgtest::writeFile(staged[0] + "/" + lock, "");
        QVERIFY(openDir(staged[0]).linkInto(lock, openDir(staged[1]), lock).ok());
        salvageStaleTemps(openDir(d.sub("p")), PartialLayout());
        // Whichever came second still had its link, locked, when its turn
        // came: both keep theirs for a later clean-up, and all they hold.
        for (size_t i = 0; i < staged.size(); ++i) {
            QVERIFY2(fgtest::exists(staged[i] + "/" + lock), staged[i].c_str());
            QCOMPARE(fgtest::readFile(staged[i] + "/x/whole"), std::string(i == 0 ? "a" : "b"));
        }
        QCOMPARE(fgtest::readFile(d.sub("p/a/x")), std::string("theirs"));
    }

    void aLiveJobsFolderIsLeftAlone()
    {
        Job j;
        QVERIFY(j.staged.make(j.cache.root(), "a").ok());
        makeFileIn(j.cache, "a", "f", "being written");
        const StaleTemps stale = salvageStaleTemps(openDir(j.d.sub("r")), PartialLayout());
        QCOMPARE(stale.removed, size_t(0));
        QVERIFY(!fgtest::exists(j.d.sub("r/a")));
        QCOMPARE(tempNamesIn(j.d.sub("r")), 1);
        j.staged.closeAll();
        QVERIFY(j.staged.place("a", j.cache).ok());
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/f")), std::string("being written"));
    }

    void aFolderWhoseJobIsGoneIsSalvaged()
    {
        ScratchDir d;
        QVERIFY(platform::makeDirectories(d.sub("r"), 0755).ok());
        {
            StagedFolders staged;
            DirCache cache = cacheFor(d.sub("r"), staged);
            QVERIFY(staged.make(cache.root(), "a").ok());
            makeFileIn(cache, "a", "torn", "t");
            makeFileIn(cache, "a/placed", "whole", "w");
            // And one inside it, linked to the same lock: salvaged in the same pass.
            auto a = cache.get("a");
            QVERIFY(a.ok());
            QVERIFY(staged.make(**a, "a/b").ok());
            makeFileIn(cache, "a/b", "torn2", "t2");
            makeFileIn(cache, "a/b/c", "whole2", "w2");
            // Its link to the lock is there, locked while the job lives.
            QCOMPARE(tempNamesIn(d.sub("r")), 1);
            QCOMPARE(salvageStaleTemps(openDir(d.sub("r")), PartialLayout()).removed, size_t(0));
        } // the job ends without placing it (as if killed)
        const StaleTemps stale = salvageStaleTemps(openDir(d.sub("r")), PartialLayout());
        QCOMPARE(stale.removed, size_t(2));
        QVERIFY(!fgtest::exists(d.sub("r/a/torn")));
        QCOMPARE(fgtest::readFile(d.sub("r/a/placed/whole")), std::string("w"));
        QVERIFY(!fgtest::exists(d.sub("r/a/b/torn2")));
        QCOMPARE(fgtest::readFile(d.sub("r/a/b/c/whole2")), std::string("w2"));
        QVERIFY(fgtest::tempFilesUnder(d.sub("r")).isEmpty());
    }

    void aLockLinkLeftInAPlacedFolderGoes()
    {
        ScratchDir d;
        // Killed between giving the folder its name and unlinking its link.
        fgtest::writeFile(d.sub("r/a/f"), "x");
        fgtest::writeFile(d.sub("r/a/" + tempNameFor(kStagedLiveStem)), "");
        const StaleTemps stale = salvageStaleTemps(openDir(d.sub("r/a")), PartialLayout());
        QCOMPARE(stale.removed, size_t(1));
        QVERIFY(fgtest::tempFilesUnder(d.sub("r")).isEmpty());
        QCOMPARE(fgtest::readFile(d.sub("r/a/f")), std::string("x"));
    }

    void aCacheFindsAFolderThatGotItsNameMeanwhile()
    {
        Job j;
        DirCache& writer = j.cache;
        DirCache planner = cacheFor(j.root, j.staged);
        QVERIFY(j.staged.make(planner.root(), "a").ok());
        makeFileIn(writer, "a", "f", "1");
        j.staged.closeAll();
        QVERIFY(j.staged.place("a", planner).ok());
        // The writer's handle still leads to it, and a fresh look finds it by name.
        makeFileIn(writer, "a", "g", "2");
        writer.invalidate("a");
        makeFileIn(writer, "a", "h", "3");
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/g")), std::string("2"));
        QCOMPARE(fgtest::readFile(j.d.sub("r/a/h")), std::string("3"));
    }
};

QTEST_APPLESS_MAIN(TestStagedFolders)
#include "test_staged_folders.moc"
