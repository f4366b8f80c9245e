// A folder of --snapshot snapshots: a new one is NAME.partial until it is
// complete, links from the newest complete one and from what incomplete
// runs left, one job at a time, and retention removes only snapshots.

#include "snapshot/snapshot_folder.h"
#include "test_support.h"

#include <QTest>

#include <sys/stat.h>

using namespace fg;
using namespace fg::snapshot;
using fgtest::ScratchDir;

namespace {

platform::DirHandle openFolder(const std::string& path)
{
    auto dir = platform::DirHandle::open(path);
    if (!dir.ok()) qFatal("open %s: %s", path.c_str(), dir.error().message.c_str());
    return std::move(dir).value();
}

void makeSnapshot(const ScratchDir& dir, const std::string& name)
{
    fgtest::writeFile(dir.sub("snaps/" + name + "/file.txt"), name);
}

QStringList entries(const std::string& path)
{
    auto listed = openFolder(path).list();
    if (!listed.ok()) qFatal("list %s: %s", path.c_str(), listed.error().message.c_str());
    QStringList out;
    for (const auto& e : *listed) out << QString::fromStdString(e.name);
    out.sort();
    return out;
}

} // namespace

class TestSnapshotFolder : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFirstSnapshotIsPartialUntilComplete()
    {
        ScratchDir dir("fgsnap");
        ::mkdir(dir.sub("snaps").c_str(), 0755);
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
        QCOMPARE(QString::fromStdString(f->name()), QStringLiteral("2026-12-03_020000"));
        QVERIFY(f->previous().empty());
        QVERIFY(f->linkSources().empty());
        QVERIFY(fgtest::exists(dir.sub("snaps/2026-12-03_020000.partial")));
        auto work = f->openWorkDir();
        QVERIFY(work.ok() && work->has_value());
        QVERIFY(f->complete(true));
        QCOMPARE(entries(dir.sub("snaps")),
                 QStringList({QStringLiteral(".floodgate-snapshot.lock"), QStringLiteral("2026-12-03_020000")}));
    }

    void aNewSnapshotLinksFromTheNewestAndFromLeftovers()
    {
        ScratchDir dir("fgsnap");
        makeSnapshot(dir, "2026-12-01_020000");
        makeSnapshot(dir, "2026-12-02_020000");
        makeSnapshot(dir, "2026-12-02_120000.partial"); // a run cut off
        fgtest::writeFile(dir.sub("snaps/notes.txt"), "mine");
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY(f.ok());
        QCOMPARE(QString::fromStdString(f->previous()), QStringLiteral("2026-12-02_020000"));
        QCOMPARE(f->leftovers(), std::vector<std::string>{"2026-12-02_120000.partial"});
        auto sources = f->linkSources();
        QCOMPARE(sources.size(), size_t(2));
        QVERIFY(sources[0].statAt("file.txt").ok());
        QVERIFY(f->complete(true));
        QVERIFY(f->removeLeftovers().empty());
        // The leftover went once this snapshot was complete; the rest stays.
        QCOMPARE(entries(dir.sub("snaps")),
                 QStringList({QStringLiteral(".floodgate-snapshot.lock"), QStringLiteral("2026-12-01_020000"),
                              QStringLiteral("2026-12-02_020000"), QStringLiteral("2026-12-03_020000"),
                              QStringLiteral("notes.txt")}));
    }

    void oneJobAtATime()
    {
        ScratchDir dir("fgsnap");
        ::mkdir(dir.sub("snaps").c_str(), 0755);
        auto first = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY(first.ok());
        auto second = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 5}, false);
        QVERIFY(!second.ok());
        QCOMPARE(second.error().code, Errc::Busy);
        QVERIFY(second.error().message.find("another job is making a snapshot") != std::string::npos);
        // A dry run only looks: it takes no lock.
        QVERIFY(Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 5}, true).ok());
        first = Error(Errc::Cancelled, "done"); // the lock goes with it
        QVERIFY(Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 6}, false).ok());
    }

    // A clock set back (or daylight saving time ending) must not name the new
    // snapshot before the newest: retention would take it for an old one.
    void aNameIsNeverBeforeTheNewest()
    {
        ScratchDir dir("fgsnap");
        makeSnapshot(dir, "2026-12-03_023000");
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY(f.ok());
        QCOMPARE(QString::fromStdString(f->name()), QStringLiteral("2026-12-03_023001"));
        QVERIFY(f->stampMoved());
        // Two runs in one second: the second takes the next.
        auto g = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 30, 1}, true);
        QVERIFY(g.ok());
        QCOMPARE(QString::fromStdString(g->name()), QStringLiteral("2026-12-03_023002"));
        QVERIFY(!g->stampMoved()); // the clock is right: retention may go on
    }

    void pruneRemovesOnlySnapshotsTheRuleDoesNotKeep()
    {
        ScratchDir dir("fgsnap");
        for (int d = 1; d <= 5; ++d) makeSnapshot(dir, "2026-11-0" + std::to_string(d) + "_020000");
        // Read-only folders inside, as -a copies them from a read-only source.
        fgtest::writeFile(dir.sub("snaps/2026-11-01_020000/ro/deep/x"), "x");
        ::chmod(dir.sub("snaps/2026-11-01_020000/ro/deep").c_str(), 0555);
        ::chmod(dir.sub("snaps/2026-11-01_020000/ro").c_str(), 0500);
        fgtest::writeFile(dir.sub("snaps/2026-11-02_0200.txt"), "not a snapshot");
        ::mkdir(dir.sub("snaps/latest").c_str(), 0755);
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 11, 6, 2, 0, 0}, false);
        QVERIFY(f.ok());
        QVERIFY(f->complete(false));
        // A dry run says, and removes nothing.
        auto tried = f->prune(SnapshotRetention{2, 0, 0, 0}, true);
        QCOMPARE(tried.removed.size(), size_t(4));
        QCOMPARE(entries(dir.sub("snaps")).size(), 9);
        auto done = f->prune(SnapshotRetention{2, 0, 0, 0}, false);
        QVERIFY(done.errors.empty());
        QCOMPARE(done.removed, (std::vector<std::string>{"2026-11-04_020000", "2026-11-03_020000", "2026-11-02_020000",
                                                         "2026-11-01_020000"}));
        QCOMPARE(entries(dir.sub("snaps")),
                 QStringList({QStringLiteral(".floodgate-snapshot.lock"), QStringLiteral("2026-11-02_0200.txt"),
                              QStringLiteral("2026-11-05_020000"), QStringLiteral("2026-11-06_020000"),
                              QStringLiteral("latest")}));
    }

    // A removal cut short leaves NAME.removing: never a snapshot, and gone
    // at the next run.
    void aHalfRemovedSnapshotIsNeverTakenForOne()
    {
        ScratchDir dir("fgsnap");
        makeSnapshot(dir, "2026-12-01_020000");
        makeSnapshot(dir, "2026-12-02_020000.removing");
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY(f.ok());
        QCOMPARE(QString::fromStdString(f->previous()), QStringLiteral("2026-12-01_020000"));
        QVERIFY(!fgtest::exists(dir.sub("snaps/2026-12-02_020000.removing")));
        QVERIFY(f->complete(false));
        auto pruned = f->prune(SnapshotRetention{1, 0, 0, 0}, false);
        QCOMPARE(pruned.removed, std::vector<std::string>{"2026-12-01_020000"});
        QCOMPARE(entries(dir.sub("snaps")),
                 QStringList({QStringLiteral(".floodgate-snapshot.lock"), QStringLiteral("2026-12-03_020000")}));
    }

    // A symlink named like a snapshot is not one: not linked from, not
    // followed when old snapshots are removed.
    void aSymlinkNamedLikeASnapshotIsLeftAlone()
    {
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("elsewhere/precious.txt"), "keep me");
        ::mkdir(dir.sub("snaps").c_str(), 0755);
        QCOMPARE(::symlink(dir.sub("elsewhere").c_str(), dir.sub("snaps/2026-01-01_000000").c_str()), 0);
        auto f = Folder::begin(openFolder(dir.sub("snaps")), Stamp{2026, 12, 3, 2, 0, 0}, false);
        QVERIFY(f.ok());
        QVERIFY(f->previous().empty());
        QVERIFY(f->complete(false));
        QVERIFY(f->prune(SnapshotRetention{1, 0, 0, 0}, false).removed.empty());
        QCOMPARE(fgtest::readFile(dir.sub("elsewhere/precious.txt")), std::string("keep me"));
    }
};

QTEST_APPLESS_MAIN(TestSnapshotFolder)
#include "test_snapshot_folder.moc"
