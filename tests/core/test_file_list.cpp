// The file list both ends keep (scan/file_list.h): every entry reads back as
// it went in, whatever way its path is kept, and a big tree's list stays
// small (issue 22: ten million files in well under a gigabyte an end).
#include "scan/file_list.h"

#include <QTest>

#include <string>
#include <vector>

using namespace fg;

namespace {

FileEntry entry(const std::string& path, platform::FileType type = platform::FileType::Regular, uint64_t size = 0)
{
    FileEntry e;
    e.path = path;
    e.type = type;
    e.size = size;
    e.mode = type == platform::FileType::Directory ? 0755 : 0644;
    e.mtimeNs = 1600000000123456789LL + int64_t(size);
    return e;
}

FileEntry dir(const std::string& path) { return entry(path, platform::FileType::Directory); }

} // namespace

class TestFileList : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyEntryReadsBackAsItWentIn()
    {
        FileList list;
        list.append(dir("."));
        list.append(entry("top.txt", platform::FileType::Regular, 5));
        list.append(dir("a"));
        list.append(dir("a/b"));
        FileEntry linked = entry("a/b/link", platform::FileType::Symlink);
        linked.linkTarget = "../../top.txt";
        list.append(linked);
        FileEntry owned = entry("a/b/owned", platform::FileType::Regular, 7);
        owned.hasOwner = true;
        owned.uid = 1000;
        owned.gid = 100;
        owned.nameCollisions = 5;
        const uint8_t digest[16] = {0, 0, 0, 42};
        owned.hash = Digest(digest, sizeof digest);
        list.append(owned);
        // A file whose folder was never listed (--files-from): kept whole.
        list.append(entry("elsewhere/f", platform::FileType::Regular, 9));
        FileEntry leader = entry("a/h2", platform::FileType::Regular, 3);
        leader.hardLinkTo = 1;
        list.append(leader);

        QCOMPARE(list.size(), size_t(8));
        QCOMPARE(list.view(0).path, std::string("."));
        QCOMPARE(list.view(1).path, std::string("top.txt"));
        QCOMPARE(list.view(3).path, std::string("a/b"));
        QVERIFY(list.view(3).isDir());
        const auto link = list.view(4);
        QCOMPARE(link.path, std::string("a/b/link"));
        QCOMPARE(link.type, platform::FileType::Symlink);
        QCOMPARE(std::string(link.linkTarget), std::string("../../top.txt"));
        const auto o = list.view(5);
        QCOMPARE(o.path, std::string("a/b/owned"));
        QVERIFY(o.hasOwner);
        QCOMPARE(o.uid, 1000u);
        QCOMPARE(o.gid, 100u);
        QCOMPARE(o.nameCollisions, uint8_t(5));
        QVERIFY(o.hash && o.hash->size() == 16 && o.hash->data()[3] == 42);
        QCOMPARE(o.size, uint64_t(7));
        QCOMPARE(o.mtimeNs, 1600000000123456789LL + 7);
        QCOMPARE(o.mode, 0644u);
        QVERIFY(!list.view(1).hasOwner);
        QCOMPARE(list.view(6).path, std::string("elsewhere/f"));
        QCOMPARE(list.view(7).hardLinkTo, std::optional<uint32_t>(1));
        QCOMPARE(list.view(5).entry().path, std::string("a/b/owned"));

        QCOMPARE(list.directoryIndex("a/b"), std::optional<uint32_t>(3));
        QVERIFY(!list.directoryIndex("a/b/owned"));
        for (const char* p : {".", "top.txt", "a", "a/b", "a/b/link", "a/b/owned", "elsewhere/f", "a/h2"})
            QVERIFY2(list.contains(p), p);
        for (const char* p : {"a/b/nothing", "elsewhere", "b", "a/b/owned/x", "A/b/link"}) QVERIFY2(!list.contains(p), p);
        // An entry appended after the first contains() is found too.
        list.append(entry("a/b/later"));
        QVERIFY(list.contains("a/b/later"));
    }

    void swapTradesEverything()
    {
        FileList one, two;
        one.append(dir("x"));
        one.append(entry("x/f", platform::FileType::Regular, 1));
        two.append(entry("y"));
        one.swap(two);
        QCOMPARE(one.size(), size_t(1));
        QCOMPARE(one.view(0).path, std::string("y"));
        QCOMPARE(two.view(1).path, std::string("x/f"));
        QVERIFY(two.directoryIndex("x"));
        QVERIFY(!one.directoryIndex("x"));
        QCOMPARE(two.directories(), std::vector<uint32_t>{0});
        QVERIFY(one.directories().empty());
    }

    // The receiver's last pass (the folders' modes and times) asks for the
    // folders alone, in list order, without a path built for every file.
    void directoriesAreTheFoldersInListOrder()
    {
        FileList list;
        QVERIFY(list.directories().empty());
        list.append(dir("."));
        list.append(entry("top.txt"));
        list.append(dir("a"));
        list.append(entry("a/f"));
        list.append(dir("a/b"));
        list.append(entry("a/link", platform::FileType::Symlink));
        list.append(dir("c"));
        const std::vector<uint32_t> expected{0, 2, 4, 6};
        QCOMPARE(list.directories(), expected);
        for (uint32_t i : list.directories()) QVERIFY(list.view(i).isDir());
    }

    // Whether every entry's type and mode pass a test, without a path built
    // for each (a re-sync's check that the destination's modes are final).
    void everyTypeAndModeSeesEachEntryUntilOneFails()
    {
        FileList list;
        QVERIFY(list.everyTypeAndMode([](platform::FileType, uint32_t) { return false; }));
        list.append(dir("."));
        FileEntry setuid = entry("a/tool");
        setuid.mode = 04755;
        list.append(entry("top.txt"));
        list.append(setuid);
        list.append(entry("z"));
        std::vector<uint32_t> seen;
        QVERIFY(list.everyTypeAndMode([&](platform::FileType type, uint32_t mode) {
            seen.push_back(type == platform::FileType::Directory ? 0 : mode);
            return true;
        }));
        QCOMPARE(seen, (std::vector<uint32_t>{0, 0644, 04755, 0644}));
        seen.clear();
        QVERIFY(!list.everyTypeAndMode([&](platform::FileType, uint32_t mode) {
            seen.push_back(mode);
            return (mode & 07000) == 0;
        }));
        QCOMPARE(seen.size(), size_t(3)); // stops at the first that fails
    }

    // A deep tree with long folder names (the shape of a home folder or a
    // node_modules): each file costs its record and its own name, not its
    // folders' names again. 400,000 files in 8,000 folders whose paths are
    // about 70 bytes long.
    void aDeepTreeCostsLittleAnEntry()
    {
        FileList list;
        list.append(dir("."));
        size_t pathBytes = 0;
        for (int d = 0; d < 8000; ++d) {
            const std::string folder = "projects/client-" + std::to_string(d / 400) + "/node_modules/package-number-"
                                       + std::to_string(d) + "/lib";
            list.append(dir(folder));
            for (int f = 0; f < 50; ++f) {
                const std::string path = folder + "/module-" + std::to_string(f) + ".js";
                pathBytes += path.size();
                list.append(entry(path, platform::FileType::Regular, uint64_t(f)));
            }
        }
        const double perEntry = double(list.memoryBytes()) / double(list.size());
        qInfo("%zu entries, %.1f bytes an entry (their paths alone average %.1f bytes)", list.size(), perEntry,
              double(pathBytes) / 400000.0);
        QVERIFY2(perEntry < 50, qPrintable(QString::number(perEntry)));
        QCOMPARE(list.view(1 + 8000 * 51 - 1).path,
                 std::string("projects/client-19/node_modules/package-number-7999/lib/module-49.js"));
    }
};

QTEST_GUILESS_MAIN(TestFileList)
#include "test_file_list.moc"
