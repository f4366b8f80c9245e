// The whole pipeline in one process (sender and receiver joined by the memory
// link), through the public Job API.

#include "test_support.h"

#include <floodgate/job.h>

#include <QDir>
#include <QFile>
#include <QTest>

#include <sys/stat.h>

#include <climits>
#include <unistd.h>

using namespace fgtest;

namespace {

fg::Result<std::unique_ptr<fg::Job>> createJob(const std::string& src, const std::string& dst,
                                               fg::SyncOptions options = {})
{
    fg::JobSpec spec;
    spec.source = src;
    spec.destination = dst;
    spec.options = std::move(options);
    return fg::Job::create(spec);
}

fg::JobResult runJob(const std::string& src, const std::string& dst, fg::SyncOptions options = {})
{
    auto job = createJob(src, dst, std::move(options));
    if (!job.ok()) qFatal("create: %s", job.error().message.c_str());
    (*job)->start();
    return (*job)->wait();
}

#if defined(__linux__)
// A thread's nice value (field 19 of /proc/self/task/TID/stat), or INT_MIN
// when it has ended meanwhile.
int niceOf(pid_t tid)
{
    QFile stat(QStringLiteral("/proc/self/task/%1/stat").arg(tid));
    if (!stat.open(QIODevice::ReadOnly)) return INT_MIN;
    const QByteArray line = stat.readAll();
    // The name in parentheses may hold spaces: count the fields after it.
    const int close = line.lastIndexOf(')');
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    return fields.size() > 16 ? fields[16].toInt() : INT_MIN; // the state, field 3, is [0]
}
#endif

void makeMixedTree(const std::string& root)
{
    writeFile(root + "/a.txt", "alpha");
    writeFile(root + "/dir/b.bin", randomBytes(700 * 1024, 1), 0600);
    writeFile(root + "/dir/sub/c.txt", "gamma", 0755);
    writeFile(root + "/dir/empty.txt", "");
    ::mkdir((root + "/emptydir").c_str(), 0750);
    ::symlink("dir/sub/c.txt", (root + "/link").c_str());
    ::symlink("/nonexistent/target", (root + "/dangling").c_str());
    setMtime(root + "/a.txt", 1600000000, 123456789);
    setMtime(root + "/dir/b.bin", 1500000000, 1);
}

} // namespace

class TestPipeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copiesATreeExactly()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors.front().error.message.c_str());
        QCOMPARE(r.filesTotal, uint64_t(4));
        QCOMPARE(r.filesTransferred, uint64_t(4));
        QCOMPARE(r.bytesTransferred, uint64_t(5 + 700 * 1024 + 5));
        QCOMPARE(fg::exitCodeFor(r), 0);
        auto diff = diffTrees(describeTree(s.sub("src")), describeTree(s.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The root directory takes the source's mode too ("src/" copies its attributes).
        struct stat st{};
        QCOMPARE(::stat(s.sub("dst").c_str(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0755u);
    }

    // Small files new in a new folder are made there under their own names
    // with their mode: each mode bit the umask would take is set after, and a
    // file with a special bit takes the temporary's way (set last). Times to
    // the nanosecond; an empty file too; nothing else left in the folder.
    void smallFilesInANewFolderKeepEveryModeBit()
    {
        ScratchDir s;
        const std::vector<std::pair<std::string, unsigned>> files = {
            {"open", 0666}, {"exec", 0777}, {"odd", 0604}, {"setuid", 04755}, {"setgid", 02750}, {"none", 0}};
        for (const auto& [name, mode] : files) {
            writeFile(s.sub("src/new/" + name), name == "none" ? std::string() : "data of " + name);
            QCOMPARE(::chmod(s.sub("src/new/" + name).c_str(), mode), 0);
            setMtime(s.sub("src/new/" + name), 1600000000, 1000 + mode);
        }
        const mode_t oldMask = ::umask(022);
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        ::umask(oldMask);
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors.front().error.message.c_str());
        QCOMPARE(r.filesTransferred, uint64_t(files.size()));
        for (const auto& [name, mode] : files) {
            struct stat st{};
            QCOMPARE(::stat(s.sub("dst/new/" + name).c_str(), &st), 0);
            QCOMPARE(unsigned(st.st_mode & 07777), mode);
            QCOMPARE(int64_t(st.st_mtim.tv_nsec), int64_t(1000 + mode));
            QCOMPARE(readFile(s.sub("dst/new/" + name)), name == "none" ? std::string() : "data of " + name);
        }
        QCOMPARE(QDir(q(s.sub("dst"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("new")});
        QCOMPARE(QDir(q(s.sub("dst/new"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(),
                 int(files.size()));
    }

    void bigFilesGoInChunksAndArriveWhole()
    {
        ScratchDir s;
        writeFile(s.sub("src/big1"), randomBytes(21 << 20, 5));
        writeFile(s.sub("src/big2"), randomBytes((9 << 20) + 17, 6));
        writeFile(s.sub("src/medium"), randomBytes(3 << 20, 7));
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY(r.errors.empty());
        QCOMPARE(r.filesTransferred, uint64_t(3));
        auto diff = diffTrees(describeTree(s.sub("src")), describeTree(s.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void resyncOfAnUnchangedTreeTransfersNothing()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        QCOMPARE(runJob(s.sub("src/"), s.sub("dst")).filesTransferred, uint64_t(4));
        auto again = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(again.state, fg::JobState::Done);
        QCOMPARE(again.filesTransferred, uint64_t(0));
        QCOMPARE(again.bytesTransferred, uint64_t(0));
        QVERIFY(again.errors.empty());
    }

    void trailingSlashMeansContents()
    {
        ScratchDir s;
        writeFile(s.sub("src/x"), "x");
        QCOMPARE(runJob(s.sub("src"), s.sub("named")).state, fg::JobState::Done);
        QVERIFY(exists(s.sub("named/src/x")));
        QCOMPARE(runJob(s.sub("src/"), s.sub("contents")).state, fg::JobState::Done);
        QVERIFY(exists(s.sub("contents/x")));
        QVERIFY(!exists(s.sub("contents/src")));
    }

    void singleFileToNewNameAndIntoDirectory()
    {
        ScratchDir s;
        writeFile(s.sub("f.txt"), "one file");
        QCOMPARE(runJob(s.sub("f.txt"), s.sub("renamed.txt")).state, fg::JobState::Done);
        QCOMPARE(readFile(s.sub("renamed.txt")), std::string("one file"));
        ::mkdir(s.sub("into").c_str(), 0755);
        QCOMPARE(runJob(s.sub("f.txt"), s.sub("into")).state, fg::JobState::Done);
        QCOMPARE(readFile(s.sub("into/f.txt")), std::string("one file"));
    }

    void updatesChangedFilesOnly()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        runJob(s.sub("src/"), s.sub("dst"));
        writeFile(s.sub("src/a.txt"), "alpha, changed");
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(r.filesTransferred, uint64_t(1));
        QCOMPARE(readFile(s.sub("dst/a.txt")), std::string("alpha, changed"));
    }

    // A small file on a local disk is made without a name and named once it
    // is complete: a new one by a link, an update by a rename over the old
    // version, which goes whole (another hard link to it keeps the old
    // content). Modes and times come out as the source has them, and no
    // temporary is left anywhere.
    void smallFilesReplaceTheirOldVersionWhole()
    {
        ScratchDir s;
        writeFile(s.sub("src/changed"), "new content", 0640);
        setMtime(s.sub("src/changed"), 1600000000, 42);
        writeFile(s.sub("src/fresh"), "fresh", 0604);
        setMtime(s.sub("src/fresh"), 1500000000, 7);
        writeFile(s.sub("dst/changed"), "old", 0600);
        QCOMPARE(::link(s.sub("dst/changed").c_str(), s.sub("dst/kept").c_str()), 0);
        ::chmod(s.sub("dst/changed").c_str(), 0444); // read-only: replaced all the same
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY2(r.errors.empty(), r.errors.empty() ? "" : r.errors.front().error.message.c_str());
        QCOMPARE(readFile(s.sub("dst/changed")), std::string("new content"));
        QCOMPARE(readFile(s.sub("dst/kept")), std::string("old"));
        QCOMPARE(readFile(s.sub("dst/fresh")), std::string("fresh"));
        struct stat st{};
        QCOMPARE(::stat(s.sub("dst/changed").c_str(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0640u);
        QCOMPARE(int64_t(st.st_mtim.tv_sec), int64_t(1600000000));
        QCOMPARE(int64_t(st.st_mtim.tv_nsec), int64_t(42));
        QCOMPARE(unsigned(st.st_nlink), 1u);
        QCOMPARE(::stat(s.sub("dst/fresh").c_str(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0604u);
        QCOMPARE(int64_t(st.st_mtim.tv_nsec), int64_t(7));
        const QStringList names =
            QDir(q(s.sub("dst"))).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(names, (QStringList{QStringLiteral("changed"), QStringLiteral("fresh"), QStringLiteral("kept")}));
    }

    void checksumFindsSameSizeSameTimeChanges()
    {
        ScratchDir s;
        writeFile(s.sub("src/f"), "AAAA");
        setMtime(s.sub("src/f"), 1000);
        runJob(s.sub("src/"), s.sub("dst"));
        writeFile(s.sub("dst/f"), "BBBB");
        setMtime(s.sub("dst/f"), 1000);
        QCOMPARE(runJob(s.sub("src/"), s.sub("dst")).filesTransferred, uint64_t(0)); // quick check is fooled
        fg::SyncOptions o;
        o.transfer.checksum = true;
        auto r = runJob(s.sub("src/"), s.sub("dst"), o);
        QCOMPARE(r.filesTransferred, uint64_t(1));
        QCOMPARE(readFile(s.sub("dst/f")), std::string("AAAA"));
    }

    void deleteRemovesExactlyTheExtraneousFiles()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        runJob(s.sub("src/"), s.sub("dst"));
        writeFile(s.sub("dst/extra.txt"), "x");
        writeFile(s.sub("dst/olddir/deep/y"), "y");
        writeFile(s.sub("dst/keep.log"), "excluded, so protected");
        fg::SyncOptions noDelete;
        noDelete.transfer.filters = {{fg::FilterSpec::Kind::Exclude, "*.log"}};
        QCOMPARE(runJob(s.sub("src/"), s.sub("dst"), noDelete).filesDeleted, uint64_t(0));
        QVERIFY(exists(s.sub("dst/extra.txt")));

        fg::SyncOptions o = noDelete;
        o.transfer.deleteExtraneous = true;
        auto r = runJob(s.sub("src/"), s.sub("dst"), o);
        QCOMPARE(r.state, fg::JobState::Done);
        QCOMPARE(r.filesDeleted, uint64_t(4)); // extra.txt, olddir, olddir/deep, olddir/deep/y
        QVERIFY(!exists(s.sub("dst/extra.txt")));
        QVERIFY(!exists(s.sub("dst/olddir")));
        QVERIFY(exists(s.sub("dst/keep.log")));
        auto src = describeTree(s.sub("src"));
        auto dst = describeTree(s.sub("dst"));
        dst.erase("keep.log");
        auto diff = diffTrees(src, dst);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void dryRunChangesNothingAndReportsThePlan()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        writeFile(s.sub("dst/extra"), "e");
        auto before = describeTree(s.sub("dst"));
        fg::JobSpec spec;
        spec.source = s.sub("src/");
        spec.destination = s.sub("dst");
        spec.options.transfer.dryRun = true;
        spec.options.transfer.deleteExtraneous = true;
        auto job = fg::Job::create(spec);
        QVERIFY(job.ok());
        (*job)->start();
        auto r = (*job)->wait();
        QCOMPARE(r.state, fg::JobState::Done);
        auto after = describeTree(s.sub("dst"));
        QVERIFY2(diffTrees(before, after).isEmpty(), qPrintable(diffTrees(before, after)));
        std::map<std::string, fg::FileAction> plan;
        for (auto& ev : (*job)->takeEvents())
            if (auto* p = std::get_if<fg::event::Planned>(&ev))
                for (auto& item : p->items) plan[item.path] = item.action;
        QCOMPARE(plan["a.txt"], fg::FileAction::Copy);
        QCOMPARE(plan["dir"], fg::FileAction::MkDir);
        QCOMPARE(plan["link"], fg::FileAction::Symlink);
        QCOMPARE(plan["extra"], fg::FileAction::Delete);
        QVERIFY(!exists(s.sub("dst/a.txt")));
    }

    void dryRunIntoAMissingDestination()
    {
        ScratchDir s;
        writeFile(s.sub("src/x"), "x");
        fg::SyncOptions o;
        o.transfer.dryRun = true;
        auto r = runJob(s.sub("src"), s.sub("nowhere"), o);
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY(r.errors.empty());
        QVERIFY(!exists(s.sub("nowhere")));
    }

    void typeChangesAreHandled()
    {
        ScratchDir s;
        writeFile(s.sub("src/was_dir"), "now a file");
        writeFile(s.sub("src/was_file/inner"), "now a dir");
        writeFile(s.sub("dst/was_dir/old"), "old");
        writeFile(s.sub("dst/was_file"), "old");
        // Without --delete the directory in the way is kept and reported.
        auto r = runJob(s.sub("src/"), s.sub("dst"));
        QCOMPARE(r.errors.size(), size_t(1));
        QVERIFY(r.errors.front().error.message.find("--delete") != std::string::npos);
        QCOMPARE(readFile(s.sub("dst/was_file/inner")), std::string("now a dir"));
        QVERIFY(exists(s.sub("dst/was_dir/old")));
        fg::SyncOptions o;
        o.transfer.deleteExtraneous = true;
        auto r2 = runJob(s.sub("src/"), s.sub("dst"), o);
        QVERIFY(r2.errors.empty());
        QCOMPARE(readFile(s.sub("dst/was_dir")), std::string("now a file"));
    }

    void filtersAndFilesFrom()
    {
        ScratchDir s;
        writeFile(s.sub("src/keep.txt"), "k");
        writeFile(s.sub("src/skip.o"), "s");
        writeFile(s.sub("src/build/out.txt"), "b");
        writeFile(s.sub("src/docs/a.txt"), "a");
        writeFile(s.sub("src/docs/b.md"), "b");
        fg::SyncOptions o;
        o.transfer.filters = {{fg::FilterSpec::Kind::Exclude, "*.o"}, {fg::FilterSpec::Kind::Exclude, "/build/"}};
        runJob(s.sub("src/"), s.sub("f1"), o);
        QVERIFY(exists(s.sub("f1/keep.txt")));
        QVERIFY(!exists(s.sub("f1/skip.o")));
        QVERIFY(!exists(s.sub("f1/build")));
        QVERIFY(exists(s.sub("f1/docs/b.md")));

        fg::SyncOptions ff;
        ff.transfer.filesFrom = {"docs/a.txt", "keep.txt"};
        runJob(s.sub("src/"), s.sub("f2"), ff);
        QVERIFY(exists(s.sub("f2/docs/a.txt")));
        QVERIFY(exists(s.sub("f2/keep.txt")));
        QVERIFY(!exists(s.sub("f2/docs/b.md")));
        QVERIFY(!exists(s.sub("f2/skip.o")));
    }

    void eventsAndSnapshotTellTheStory()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        auto job = createJob(s.sub("src/"), s.sub("dst"));
        QVERIFY(job.ok());
        std::atomic<int> notified{0};
        (*job)->setNotify([&] { ++notified; });
        (*job)->start();
        auto r = (*job)->wait();
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY(notified.load() > 0);
        int started = 0, finished = 0;
        bool sawDone = false;
        for (auto& ev : (*job)->takeEvents()) {
            if (std::holds_alternative<fg::event::FileStarted>(ev)) ++started;
            if (std::holds_alternative<fg::event::FileFinished>(ev)) ++finished;
            if (auto* st = std::get_if<fg::event::StateChanged>(&ev)) sawDone |= st->state == fg::JobState::Done;
        }
        QCOMPARE(started, 4);
        QCOMPARE(finished, 4);
        QVERIFY(sawDone);
        auto snap = (*job)->snapshot();
        QCOMPARE(snap.state, fg::JobState::Done);
        QCOMPARE(snap.filesToTransfer, uint64_t(4));
        QCOMPARE(snap.filesDone, uint64_t(4));
        QCOMPARE(snap.bytesDone, snap.bytesToTransfer);
        bool sawWrite = false;
        for (const auto& st : snap.stages)
            if (st.name == "write") sawWrite = st.bytes == uint64_t(5 + 700 * 1024 + 5);
        QVERIFY(sawWrite);
    }

    // A front end that shows no file by file turns those events off: the
    // plan, failures and the end still come, and the counts are kept.
    void fileEventsCanBeTurnedOff()
    {
        ScratchDir s;
        makeMixedTree(s.sub("src"));
        writeFile(s.sub("src/unreadable"), "x", 0000);
        auto job = createJob(s.sub("src/"), s.sub("dst"));
        QVERIFY(job.ok());
        (*job)->setFileEvents(false);
        (*job)->start();
        auto r = (*job)->wait();
        int fileEvents = 0, planned = 0, failed = 0;
        bool sawEnd = false;
        for (auto& ev : (*job)->takeEvents()) {
            if (std::holds_alternative<fg::event::FileStarted>(ev) || std::holds_alternative<fg::event::FileFinished>(ev))
                ++fileEvents;
            if (auto* p = std::get_if<fg::event::Planned>(&ev)) planned += int(p->items.size());
            if (std::holds_alternative<fg::event::FileFailed>(ev)) ++failed;
            if (auto* st = std::get_if<fg::event::StateChanged>(&ev)) sawEnd |= st->state == r.state;
        }
        QCOMPARE(fileEvents, 0);
        QVERIFY(planned >= 5);
        QVERIFY(sawEnd);
        // Root reads any file: the unreadable one fails only for others.
        const uint64_t readable = ::geteuid() == 0 ? 5 : 4;
        QCOMPARE(r.filesTransferred, readable);
        QCOMPARE((*job)->snapshot().filesDone, readable);
        QCOMPARE(failed, int(5 - readable));
    }

#if defined(__linux__)
    // A front end's job in the background (Job::setBackground): the job's
    // threads run at nice 10 or lower, the thread that started it as it was,
    // and the copy is whole. Read from /proc while the job runs (slowed by a
    // rate limit to about a second).
    void backgroundJobsThreadsGiveWay()
    {
        ScratchDir s;
        writeFile(s.sub("src/big"), randomBytes(3 << 20, 5));
        makeMixedTree(s.sub("src/tree"));
        fg::SyncOptions slow;
        slow.bwlimit = fg::RateSchedule::constant(3 << 20);
        auto job = createJob(s.sub("src/"), s.sub("dst"), slow);
        QVERIFY(job.ok());
        const int callerNice = niceOf(gettid());
        const auto threads = [] { return QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot); };
        const QStringList before = threads(); // this one and the test framework's
        (*job)->setBackground(true);
        (*job)->start();
        int background = 0, normal = 0;
        for (int i = 0; i < 50 && !(*job)->finished(); ++i) {
            // Looked at a moment after start(): the job's thread moves itself
            // to the background as it begins, not before it is scheduled.
            QTest::qWait(20);
            for (const auto& entry : threads()) {
                if (before.contains(entry)) continue;
                const int nice = niceOf(entry.toInt());
                if (nice >= 10) ++background;
                else if (nice != INT_MIN) ++normal;
            }
        }
        const auto r = (*job)->wait();
        QCOMPARE(r.state, fg::JobState::Done);
        QVERIFY2(background > 0, "no thread of the job was seen in the background");
        QCOMPARE(normal, 0);
        QCOMPARE(niceOf(gettid()), callerNice);
        QCOMPARE(describeTree(s.sub("dst")), describeTree(s.sub("src")));
    }
#endif

    void cancelStopsAndLeavesNoTornFiles()
    {
        ScratchDir s;
        writeFile(s.sub("src/big"), randomBytes(8 << 20, 3));
        writeFile(s.sub("dst/big"), "old version");
        fg::SyncOptions slow;
        slow.bwlimit = fg::RateSchedule::constant(2 << 20);
        auto job = createJob(s.sub("src/"), s.sub("dst"), slow);
        QVERIFY(job.ok());
        (*job)->start();
        QTest::qWait(500);
        (*job)->cancel();
        auto r = (*job)->wait();
        QCOMPARE(r.state, fg::JobState::Cancelled);
        QCOMPARE(fg::exitCodeFor(r), 20);
        QCOMPARE(readFile(s.sub("dst/big")), std::string("old version"));
        // The temporary file of the unfinished copy is gone.
        QCOMPARE(describeTree(s.sub("dst")).size(), size_t(1));
    }

    void missingSourceIsAClearError()
    {
        ScratchDir s;
        auto r = runJob(s.sub("nope/"), s.sub("dst"));
        QCOMPARE(r.state, fg::JobState::Failed);
        QCOMPARE(r.fatal.code, fg::Errc::NotFound);
        QVERIFY(r.fatal.message.find("does not exist") != std::string::npos);
        QCOMPARE(fg::exitCodeFor(r), 3);
    }

    void destinationInsideSourceIsRefusedUnlessExcluded()
    {
        ScratchDir s;
        writeFile(s.sub("src/a.txt"), "a");
        auto r = runJob(s.sub("src/"), s.sub("src/backup"));
        QCOMPARE(r.state, fg::JobState::Failed);
        QVERIFY(r.fatal.message.find("inside the source") != std::string::npos);
        QVERIFY(r.fatal.message.find("--exclude='/backup/'") != std::string::npos);
        QVERIFY(!exists(s.sub("src/backup")));
        fg::SyncOptions o;
        o.transfer.filters = {{fg::FilterSpec::Kind::Exclude, "/backup/"}};
        auto ok = runJob(s.sub("src/"), s.sub("src/backup"), o);
        QCOMPARE(ok.state, fg::JobState::Done);
        QCOMPARE(readFile(s.sub("src/backup/a.txt")), std::string("a"));
        QVERIFY(!exists(s.sub("src/backup/backup")));
        QCOMPARE(runJob(s.sub("src/"), s.sub("src")).state, fg::JobState::Failed);
    }

    void bothEndsRemoteIsRefused()
    {
        fg::JobSpec spec;
        spec.source = "floodgate://a/m/x";
        spec.destination = "host:/y";
        auto job = fg::Job::create(spec);
        QVERIFY(!job.ok());
        QCOMPARE(job.error().code, fg::Errc::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestPipeline)
#include "test_pipeline.moc"
