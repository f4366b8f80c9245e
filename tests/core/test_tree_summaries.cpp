// Tree summaries (role/tree_summaries.h): the digests of a listed tree's
// directories (scan/tree_digest.h) change where the tree changed and nowhere
// else, an unreadable part matches nothing; the sender's inbox of the
// receiver's summaries (send/summary_inbox.h) tells "not yet" from "never"
// by their breadth-first order and refuses what a receiver may not send;
// the messages round-trip and refuse what is malformed.

#include "proto/frame.h"
#include "proto/messages.h"
#include "scan/tree_digest.h"
#include "send/summary_inbox.h"

#include <QTest>

#include <map>
#include <string>
#include <vector>

using namespace fg;

namespace {

FileEntry dir(const std::string& path, int64_t mtime = 100)
{
    FileEntry e;
    e.path = path;
    e.type = platform::FileType::Directory;
    e.mode = 0755;
    e.mtimeNs = mtime;
    return e;
}

FileEntry file(const std::string& path, uint64_t size = 10, int64_t mtime = 200)
{
    FileEntry e;
    e.path = path;
    e.type = platform::FileType::Regular;
    e.mode = 0644;
    e.size = size;
    e.mtimeNs = mtime;
    return e;
}

// A small tree in the scanner's order: ".", a/ (f, g, a/s/ (h)), b/ (i), c.
std::vector<FileEntry> tree()
{
    return {dir("."), dir("a"), file("a/f"), file("a/g"), dir("a/s"), file("a/s/h"), dir("b"), file("b/i"), file("c")};
}

struct Digested {
    std::map<std::string, SubtreeDigest> dirs;
    std::map<std::string, uint16_t> depths;
};

Digested digest(const std::vector<FileEntry>& entries, const std::string& spoilAt = {})
{
    Digested out;
    TreeDigester d([&](std::string_view path, uint16_t depth, const SubtreeDigest& s) {
        out.dirs[std::string(path)] = s;
        out.depths[std::string(path)] = depth;
    });
    for (uint32_t i = 0; i < entries.size(); ++i) {
        d.add(i, entries[i]);
        if (!spoilAt.empty() && entries[i].path == spoilAt) d.spoil(spoilAt);
    }
    d.finish(uint32_t(entries.size()));
    return out;
}

proto::TreeSummaryMsg batch(std::vector<std::string> paths, bool last = false)
{
    proto::TreeSummaryMsg m;
    const uint8_t bytes[16] = {1, 2, 3};
    for (auto& p : paths) m.items.push_back({std::move(p), 3, Digest(bytes, 16)});
    m.last = last;
    return m;
}

} // namespace

class TestTreeSummaries : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachDirectoryIsDigestedWithItsWholeSubtree()
    {
        const Digested d = digest(tree());
        QCOMPARE(d.dirs.size(), size_t(4));
        QCOMPARE(d.dirs.at(".").index, uint32_t(0));
        QCOMPARE(d.dirs.at(".").count, uint32_t(9));
        QCOMPARE(d.dirs.at("a").index, uint32_t(1));
        QCOMPARE(d.dirs.at("a").count, uint32_t(5)); // a, a/f, a/g, a/s, a/s/h
        QCOMPARE(d.dirs.at("a/s").count, uint32_t(2));
        QCOMPARE(d.dirs.at("b").count, uint32_t(2));
        QCOMPARE(d.depths.at("."), uint16_t(0));
        QCOMPARE(d.depths.at("a"), uint16_t(1));
        QCOMPARE(d.depths.at("a/s"), uint16_t(2));
        QCOMPARE(listDepth("x/y/z"), uint16_t(3));
        // The same tree again: the same digests.
        const Digested again = digest(tree());
        for (const auto& [path, s] : d.dirs) QVERIFY2(again.dirs.at(path).digest == s.digest, path.c_str());
    }

    void aChangeShowsInItsDirectoryAndThoseAboveOnly()
    {
        const Digested before = digest(tree());
        // Every field the planner reads, one at a time, deep in a/s.
        std::vector<std::function<void(FileEntry&)>> changes = {
            [](FileEntry& e) { e.mtimeNs += 1; },
            [](FileEntry& e) { e.size += 1; },
            [](FileEntry& e) { e.mode = 0600; },
            [](FileEntry& e) { e.path = "a/s/H"; },
            [](FileEntry& e) { e.nameCollisions = 1; },
            [](FileEntry& e) {
                e.type = platform::FileType::Symlink;
                e.linkTarget = "x";
            },
        };
        for (size_t c = 0; c < changes.size(); ++c) {
            std::vector<FileEntry> t = tree();
            changes[c](t[5]); // a/s/h
            const Digested after = digest(t);
            const QByteArray which = "change " + QByteArray::number(int(c));
            QVERIFY2(!(after.dirs.at("a/s").digest == before.dirs.at("a/s").digest), which);
            QVERIFY2(!(after.dirs.at("a").digest == before.dirs.at("a").digest), which);
            QVERIFY2(!(after.dirs.at(".").digest == before.dirs.at(".").digest), which);
            QVERIFY2(after.dirs.at("b").digest == before.dirs.at("b").digest, which);
        }
        // A symlink's target counts; a size on a directory does not (the wire drops it).
        std::vector<FileEntry> linked = tree();
        linked[8].type = platform::FileType::Symlink;
        linked[8].linkTarget = "one";
        std::vector<FileEntry> relinked = linked;
        relinked[8].linkTarget = "two";
        QVERIFY(!(digest(linked).dirs.at(".").digest == digest(relinked).dirs.at(".").digest));
        std::vector<FileEntry> sized = tree();
        sized[6].size = 4096;
        QVERIFY(digest(sized).dirs.at(".").digest == before.dirs.at(".").digest);
        // A directory's own time is its entry's.
        std::vector<FileEntry> touched = tree();
        touched[6].mtimeNs = 7;
        QVERIFY(!(digest(touched).dirs.at("b").digest == before.dirs.at("b").digest));
        QVERIFY(digest(touched).dirs.at("a").digest == before.dirs.at("a").digest);
    }

    void aFileMovedToAnotherFolderChangesBoth()
    {
        const Digested before = digest(tree());
        std::vector<FileEntry> moved = {dir("."), dir("a"), file("a/f"), dir("a/s"), file("a/s/h"),
                                        dir("b"), file("b/g"), file("b/i"), file("c")};
        const Digested after = digest(moved);
        QVERIFY(!(after.dirs.at("a").digest == before.dirs.at("a").digest));
        QVERIFY(!(after.dirs.at("b").digest == before.dirs.at("b").digest));
        QVERIFY(after.dirs.at("a/s").digest == before.dirs.at("a/s").digest);
    }

    void whatCouldNotBeReadMatchesNothing()
    {
        // A file of a/s could not be read: a/s, a and the root are spoiled, b is not.
        const Digested d = digest(tree(), "a/s/h");
        QVERIFY(d.dirs.at("a/s").spoiled);
        QVERIFY(d.dirs.at("a").spoiled);
        QVERIFY(d.dirs.at(".").spoiled);
        QVERIFY(!d.dirs.at("b").spoiled);
        // A directory whose listing failed is named by itself.
        QVERIFY(digest(tree(), "b").dirs.at("b").spoiled);
        QVERIFY(!digest(tree(), "b").dirs.at("a").spoiled);
    }

    void theInboxTellsNotYetFromNever()
    {
        SummaryInbox inbox;
        using A = SummaryInbox::Answer;
        QCOMPARE(inbox.of(".", 0).answer, A::NotYet);
        QVERIFY(inbox.take(batch({"."})).ok());
        QCOMPARE(inbox.of(".", 0).answer, A::Have);
        QCOMPARE(inbox.of(".", 0).count, uint32_t(3));
        QVERIFY(inbox.take(batch({"a", "b"})).ok());
        // Depth 1 may still be coming (the batch may have been cut there).
        QCOMPARE(inbox.of("c", 1).answer, A::NotYet);
        QCOMPARE(inbox.of("a/s", 2).answer, A::NotYet);
        QVERIFY(inbox.take(batch({"a/s"})).ok());
        // One of depth 2 came: every one of depth 1 has.
        QCOMPARE(inbox.of("c", 1).answer, A::None);
        QCOMPARE(inbox.of("b/x", 2).answer, A::NotYet);
        QVERIFY(inbox.take(batch({}, true)).ok());
        QCOMPARE(inbox.of("b/x", 2).answer, A::None);
        QCOMPARE(inbox.of("a/s", 2).answer, A::Have);
    }

    void theInboxRefusesWhatAReceiverMayNotSend()
    {
        {
            SummaryInbox inbox;
            QVERIFY(inbox.take(batch({"a/b"})).ok());
            const Status shallower = inbox.take(batch({"c"}));
            QVERIFY(!shallower.ok());
            QCOMPARE(shallower.error().code, Errc::Protocol);
        }
        {
            SummaryInbox inbox;
            QVERIFY(!inbox.take(batch({"a", "a"})).ok());
        }
        {
            SummaryInbox inbox;
            QVERIFY(!inbox.take(batch({"../etc"})).ok());
            SummaryInbox absolute;
            QVERIFY(!absolute.take(batch({"/etc"})).ok());
        }
        {
            SummaryInbox inbox;
            QVERIFY(inbox.take(batch({}, true)).ok());
            QVERIFY(!inbox.take(batch({"a"})).ok());
        }
        {
            // Bounded, whatever it claims.
            SummaryInbox inbox;
            proto::TreeSummaryMsg big = batch({});
            std::string deep;
            for (int i = 0; i < 360; ++i) deep += "abcdefghij/";
            for (int i = 0; i < 3000; ++i) big.items.push_back({deep + std::to_string(i), 1, Digest()});
            QVERIFY(!inbox.take(std::move(big)).ok());
        }
        {
            // A waiter wakes when the job fails.
            SummaryInbox inbox;
            std::atomic<bool> cancelled{false};
            inbox.abort();
            QVERIFY(!inbox.waitForMore(inbox.batches(), cancelled, 5000));
        }
    }

    void theMessagesRoundTripAndRefuseNonsense()
    {
        using namespace proto;
        TreeSummaryMsg m = batch({".", "photos/2024"}, true);
        auto back = fromFrame<TreeSummaryMsg>(toFrame(m));
        QVERIFY(back.ok());
        QCOMPARE(back->items.size(), size_t(2));
        QCOMPARE(back->items[1].path, std::string("photos/2024"));
        QCOMPARE(back->items[1].count, uint32_t(3));
        QVERIFY(back->items[1].digest == m.items[1].digest);
        QVERIFY(back->last);
        TreeSummaryMsg zero = batch({"a"});
        zero.items[0].count = 0;
        QVERIFY(!fromFrame<TreeSummaryMsg>(toFrame(zero)).ok());
        Frame badLast = toFrame(batch({}));
        badLast.payload.back() = 2;
        QVERIFY(!fromFrame<TreeSummaryMsg>(badLast).ok());

        FileListSameMsg same;
        same.path = "a/s";
        same.count = 2;
        auto sameBack = fromFrame<FileListSameMsg>(toFrame(same));
        QVERIFY(sameBack.ok());
        QCOMPARE(sameBack->path, same.path);
        QCOMPARE(sameBack->count, uint32_t(2));
        same.count = 0;
        QVERIFY(!fromFrame<FileListSameMsg>(toFrame(same)).ok());

        TreeRootMsg root;
        root.count = 9;
        root.digest = m.items[0].digest;
        auto rootBack = fromFrame<TreeRootMsg>(toFrame(root));
        QVERIFY(rootBack.ok() && rootBack->count == 9 && rootBack->digest == root.digest);
        root.count = 0;
        QVERIFY(!fromFrame<TreeRootMsg>(toFrame(root)).ok());

        FileListBeginMsg begin;
        begin.treeSummaries = true;
        auto beginBack = fromFrame<FileListBeginMsg>(toFrame(begin));
        QVERIFY(beginBack.ok() && beginBack->treeSummaries && !beginBack->windowsNames);
    }
};

QTEST_APPLESS_MAIN(TestTreeSummaries)
#include "test_tree_summaries.moc"
