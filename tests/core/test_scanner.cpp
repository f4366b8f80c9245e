// The tree walk on its own: parents before children, names in byte order,
// symlinks listed as links (followed only under -L), what is not a file, a
// directory or a link skipped with a reason, an unreadable directory
// reported while the walk goes on, and a stop when asked.

#include "scan/scanner.h"

#include "test_support.h"

#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace fg;
using fgtest::ScratchDir;

namespace {
struct Walk {
    std::vector<FileEntry> entries;
    std::vector<std::string> errors;
    std::vector<std::string> skipped;
    Status status;

    std::vector<std::string> paths() const
    {
        std::vector<std::string> out;
        for (const auto& e : entries) out.push_back(e.path);
        return out;
    }
};

Walk walk(const std::string& root, const ScanOptions& options = {}, size_t stopAfter = SIZE_MAX)
{
    Walk w;
    auto dir = platform::DirHandle::open(root);
    if (!dir.ok()) {
        w.status = dir.error();
        return w;
    }
    ScanCallbacks cb;
    cb.entry = [&](FileEntry&& e) {
        w.entries.push_back(std::move(e));
        return w.entries.size() < stopAfter;
    };
    cb.error = [&](const std::string& path, const Error&) { w.errors.push_back(path); };
    cb.skipped = [&](const std::string& path, const std::string&) { w.skipped.push_back(path); };
    w.status = scanTree(*dir, options, cb);
    return w;
}
} // namespace

class TestScanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parentsComeFirstAndNamesInByteOrder()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("t/b/z"), "z");
        fgtest::writeFile(d.sub("t/b/a"), "aa");
        fgtest::writeFile(d.sub("t/B"), "B");
        fgtest::writeFile(d.sub("t/a.txt"), "text");
        const Walk w = walk(d.sub("t"));
        QVERIFY(w.status.ok());
        const std::vector<std::string> expected = {"B", "a.txt", "b", "b/a", "b/z"};
        QCOMPARE(w.paths(), expected);
        QVERIFY(w.entries[2].isDir());
        QCOMPARE(w.entries[3].size, uint64_t(2));
        QVERIFY(w.entries[3].mtimeNs > 0);
    }

    void namesCarryThePrefixAndHashesWhenAsked()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("t/f"), "hello");
        ScanOptions options;
        options.prefix = "src";
        options.withHashes = true;
        const Walk w = walk(d.sub("t"), options);
        QCOMPARE(w.paths(), std::vector<std::string>{"src/f"});
        QVERIFY(w.entries[0].hash.has_value());
        QVERIFY(*w.entries[0].hash == digestOf(ChecksumChoice::Xxh128, "hello", 5));
    }

    void symlinksAreListedAsLinksAndOthersSkipped()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("t/target"), "x");
        QCOMPARE(::symlink("target", d.sub("t/link").c_str()), 0);
        QCOMPARE(::symlink("/etc", d.sub("t/out").c_str()), 0);
        QCOMPARE(::mkfifo(d.sub("t/fifo").c_str(), 0600), 0);
        Walk w = walk(d.sub("t"));
        QCOMPARE(w.paths(), (std::vector<std::string>{"link", "out", "target"}));
        QVERIFY(w.entries[0].isSymlink());
        QCOMPARE(w.entries[0].linkTarget, std::string("target"));
        QCOMPARE(w.skipped, std::vector<std::string>{"fifo"});
        // --safe-links leaves out the one that points out of the tree.
        ScanOptions safe;
        safe.safeLinks = true;
        w = walk(d.sub("t"), safe);
        QCOMPARE(w.paths(), (std::vector<std::string>{"link", "target"}));
    }

    void anUnreadableDirectoryIsReportedAndTheWalkGoesOn()
    {
        if (::geteuid() == 0) QSKIP("root reads every directory");
        ScratchDir d;
        fgtest::writeFile(d.sub("t/closed/f"), "x");
        fgtest::writeFile(d.sub("t/open/f"), "y");
        QCOMPARE(::chmod(d.sub("t/closed").c_str(), 0), 0);
        const Walk w = walk(d.sub("t"));
        ::chmod(d.sub("t/closed").c_str(), 0755);
        QVERIFY(w.status.ok());
        QCOMPARE(w.errors, std::vector<std::string>{"closed"});
        const auto paths = w.paths();
        QVERIFY(std::count(paths.begin(), paths.end(), std::string("open/f")) == 1);
    }

    void excludeIfPresentListsTheDirectoryWithoutItsContents()
    {
        ScratchDir d;
        fgtest::writeFile(d.sub("t/cache/.nobackup"), "");
        fgtest::writeFile(d.sub("t/cache/big"), "x");
        fgtest::writeFile(d.sub("t/keep/f"), "y");
        ScanOptions options;
        options.excludeIfPresent = {".nobackup"};
        const Walk w = walk(d.sub("t"), options);
        QCOMPARE(w.paths(), (std::vector<std::string>{"cache", "keep", "keep/f"}));
        QVERIFY(w.entries[0].contentsOmitted);
    }

    void theWalkStopsWhenAsked()
    {
        ScratchDir d;
        for (int i = 0; i < 10; ++i) fgtest::writeFile(d.sub("t/f" + std::to_string(i)), "x");
        const Walk w = walk(d.sub("t"), {}, 3);
        QCOMPARE(w.entries.size(), size_t(3));
        QVERIFY(!w.status.ok());
    }
};

QTEST_GUILESS_MAIN(TestScanner)
#include "test_scanner.moc"
