#include "models/file_table_model.h"
#include "models/plan_model.h"

#include <QSignalSpy>
#include <QTest>

using Model = fgui::FileTableModel;
using State = Model::FileState;

namespace {

fg::PlanItem item(const std::string& path, uint64_t size, fg::FileAction action = fg::FileAction::Copy,
                  bool isDir = false)
{
    fg::PlanItem it;
    it.path = path;
    it.action = action;
    it.size = size;
    it.isDir = isDir;
    return it;
}

} // namespace

class TestFileTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsHowEachFileTravelsAndWhy()
    {
        Model model;
        fg::PlanItem update = item("disk.img", 1 << 30, fg::FileAction::Update);
        update.method = fg::TransferMethod::Delta;
        update.methodReason = "old copy at the destination: sending only the differences";
        fg::PlanItem fresh = item("new.txt", 10);
        fresh.method = fg::TransferMethod::Whole;
        fresh.methodReason = "no old copy at the destination";
        model.addPlanned({update, fresh, item("gone", 1, fg::FileAction::Delete)});
        auto at = [&](int row, int role) { return model.data(model.index(row, Model::MethodColumn), role).toString(); };
        QCOMPARE(at(0, Qt::DisplayRole), QStringLiteral("delta"));
        QVERIFY(at(0, Qt::ToolTipRole).contains(QStringLiteral("differences")));
        QCOMPARE(at(1, Qt::DisplayRole), QStringLiteral("whole"));
        QCOMPARE(at(2, Qt::DisplayRole), QString()); // nothing travels for a deletion
        QCOMPARE(model.headerData(Model::MethodColumn, Qt::Horizontal).toString(), QStringLiteral("Method"));
    }

    void followsAFileThroughItsLife()
    {
        Model model;
        model.addPlanned({item("docs", 0, fg::FileAction::MkDir, true), item("docs/a.txt", 1000),
                          item("docs/b.txt", 2000, fg::FileAction::Update), item("gone.txt", 5, fg::FileAction::Delete)});
        QCOMPARE(model.rowCount(), 3); // the folder is not a file row
        QCOMPARE(model.count(State::Queued), 2);
        QCOMPARE(model.count(State::Planned), 1);
        auto text = [&](int row, int col) { return model.data(model.index(row, col)).toString(); };
        QCOMPARE(text(0, Model::NameColumn), QStringLiteral("docs/a.txt"));
        QCOMPARE(text(0, Model::StateColumn), QStringLiteral("queued"));
        QCOMPARE(text(2, Model::StateColumn), QStringLiteral("delete"));
        QCOMPARE(model.data(model.index(0, 0), Model::ProgressRole).toDouble(), -1.0);

        model.markStarted({{7, "docs/a.txt", 1000}});
        QCOMPARE(model.stateAt(0), State::Active);
        QCOMPARE(model.lastActiveRow(), 0);
        model.applyActive({{7, "docs/a.txt", 1000, 250}});
        QCOMPARE(text(0, Model::ProgressColumn), QStringLiteral("25 %"));
        QCOMPARE(model.data(model.index(0, 0), Model::ProgressRole).toDouble(), 0.25);

        model.markFinished({{7, "docs/a.txt", 1000}});
        QCOMPARE(model.stateAt(0), State::Done);
        QCOMPARE(text(0, Model::ProgressColumn), QStringLiteral("100 %"));
        QCOMPARE(model.lastActiveRow(), -1);
        // A snapshot read before the finish was drained must not move it back.
        model.applyActive({{7, "docs/a.txt", 1000, 400}});
        QCOMPARE(model.stateAt(0), State::Done);
        QCOMPARE(text(0, Model::ProgressColumn), QStringLiteral("100 %"));

        // The snapshot may show a file before its FileStarted is drained.
        model.applyActive({{8, "docs/b.txt", 2000, 500}});
        QCOMPARE(model.stateAt(1), State::Active);
        model.markStarted({{8, "docs/b.txt", 2000}});
        model.markFailed({{"docs/b.txt", fg::Error(fg::Errc::Io, "read failed")}});
        QCOMPARE(model.stateAt(1), State::Failed);
        QVERIFY(model.data(model.index(1, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("read failed")));
        model.markFinished({{8, "docs/b.txt", 2000}}); // a failure is final
        QCOMPARE(model.stateAt(1), State::Failed);

        model.finishJob(fg::JobState::Done);
        QCOMPARE(text(2, Model::StateColumn), QStringLiteral("deleted"));
        QCOMPARE(model.count(State::Done), 2);
        QCOMPARE(model.count(State::Failed), 1);
    }

    void filesThePlanDidNotListGetRows()
    {
        Model model;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.markStarted({{1, "x", 10}, {2, "y", 20}, {3, "x", 10}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(inserted.count(), 1);
        model.markFinished({{1, "x", 10}, {9, "z", 30}});
        model.markFailed({{"w", fg::Error(fg::Errc::Vanished, "vanished")}});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.count(State::Done), 2);
        QCOMPARE(model.count(State::Failed), 1);
    }

    void cancelSettlesWaitingRows()
    {
        Model model;
        model.addPlanned({item("a", 10), item("b", 10), item("c", 10)});
        model.markStarted({{1, "a", 10}, {2, "b", 10}});
        model.markFinished({{1, "a", 10}});
        model.finishJob(fg::JobState::Cancelled);
        QCOMPARE(model.stateAt(0), State::Done);
        QCOMPARE(model.stateAt(1), State::Stopped);
        QCOMPARE(model.stateAt(2), State::Skipped);
        QCOMPARE(model.count(State::Active), 0);
    }

    void dryRunShowsPlannedActions()
    {
        Model model;
        model.setDryRun(true);
        model.addPlanned({item("a", 10), item("b", 10, fg::FileAction::Update)});
        QCOMPARE(model.count(State::Planned), 2);
        QCOMPARE(model.data(model.index(0, Model::StateColumn)).toString(), QStringLiteral("copy"));
        QCOMPARE(model.data(model.index(1, Model::StateColumn)).toString(), QStringLiteral("update"));
        model.finishJob(fg::JobState::Done);
        QCOMPARE(model.count(State::Planned), 2); // nothing happened to them
    }

    void dataChangedIsCoalescedPerFlush()
    {
        Model model;
        std::vector<fg::PlanItem> plan;
        for (int i = 0; i < 100; ++i) plan.push_back(item("f" + std::to_string(i), 100));
        model.addPlanned(plan);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        for (uint32_t i = 0; i < 100; ++i) model.markStarted({{i + 1, "f" + std::to_string(i), 100}});
        for (uint32_t i = 0; i < 50; ++i) model.markFinished({{i + 1, "f" + std::to_string(i), 100}});
        QCOMPARE(changed.count(), 0);
        model.flush();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 99);
        model.flush(); // nothing new: nothing said
        QCOMPARE(changed.count(), 1);
    }

    // 100k files through a whole job: batched inserts, one dataChanged per tick,
    // and fast enough to never be what the GUI thread waits on.
    // Timing belongs in bench/, not here: this checks the batching that keeps a
    // 100k-file job cheap (one insert per plan batch, one change signal per tick).
    void batchesSignalsForAHundredThousandFiles()
    {
        constexpr uint32_t kFiles = 100000;
        constexpr uint32_t kBatch = 1000;
        Model model;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        for (uint32_t b = 0; b < kFiles; b += kBatch) {
            std::vector<fg::PlanItem> plan;
            for (uint32_t i = b; i < b + kBatch; ++i) plan.push_back(item("dir" + std::to_string(i / 500) + "/file" + std::to_string(i), 4096));
            model.addPlanned(plan);
        }
        int ticks = 0;
        for (uint32_t b = 0; b < kFiles; b += kBatch) {
            std::vector<fg::event::FileStarted> started;
            std::vector<fg::event::FileFinished> finished;
            for (uint32_t i = b; i < b + kBatch; ++i) {
                const std::string path = "dir" + std::to_string(i / 500) + "/file" + std::to_string(i);
                started.push_back({i + 1, path, 4096});
                finished.push_back({i + 1, path, 4096});
            }
            model.markStarted(started);
            model.applyActive({{b + 1, started.front().path, 4096, 100}});
            model.markFinished(finished);
            model.flush();
            ++ticks;
            // What a view does per tick: read the visible rows.
            for (int row = 0; row < 40; ++row) {
                for (int col = 0; col < Model::ColumnCount; ++col) (void)model.data(model.index(int(b) + row, col));
            }
        }
        model.finishJob(fg::JobState::Done);
        model.flush();
        QCOMPARE(model.rowCount(), int(kFiles));
        QCOMPARE(model.count(State::Done), int(kFiles));
        QCOMPARE(inserted.count(), int(kFiles / kBatch));
        QVERIFY(changed.count() <= ticks + 1);
    }

    // A job of far more files than rows (issue 22: ten million): the table
    // keeps at most kMaxRows rows, rolling on as files start, with every
    // file counted; a file still being sent when its block goes moves to the
    // bottom; a failure without a row gets one.
    void aJobOfMillionsRollsWithinItsRows()
    {
        constexpr uint32_t kFiles = 1000000;
        constexpr uint32_t kBatch = 4096;
        const int cap = Model::kMaxRows;
        Model model;
        auto pathOf = [](uint32_t i) { return "user-" + std::to_string(i / 100000) + "/src/file-" + std::to_string(i); };
        for (uint32_t b = 0; b < kFiles; b += kBatch) {
            std::vector<fg::PlanItem> plan;
            for (uint32_t i = b; i < std::min(kFiles, b + kBatch); ++i) plan.push_back(item(pathOf(i), 10));
            model.addPlanned(plan);
        }
        QCOMPARE(model.rowCount(), cap);
        QVERIFY(model.rolling());
        QCOMPARE(model.totalFiles(), int(kFiles));
        QCOMPARE(model.count(State::Queued), int(kFiles));
        // One file (the first) stays active all along: a big one.
        model.markStarted({{1, pathOf(0), 10}});
        int most = 0;
        for (uint32_t b = 1; b < kFiles; b += kBatch) {
            std::vector<fg::event::FileStarted> started;
            std::vector<fg::event::FileFinished> finished;
            for (uint32_t i = b; i < std::min(kFiles, b + kBatch); ++i) {
                started.push_back({i + 1, pathOf(i), 10});
                finished.push_back({i + 1, pathOf(i), 10});
            }
            model.markStarted(started);
            model.markFinished(finished);
            model.flush();
            most = std::max(most, model.rowCount());
        }
        QVERIFY2(most <= cap + int(kBatch), qPrintable(QString::number(most)));
        QCOMPARE(model.totalFiles(), int(kFiles));
        QCOMPARE(model.count(State::Done), int(kFiles) - 1);
        QCOMPARE(model.count(State::Active), 1);
        QCOMPARE(model.count(State::Queued), 0);
        const int active = model.lastActiveRow();
        QVERIFY(active >= 0);
        QCOMPARE(model.data(model.index(active, Model::NameColumn)).toString(), QString::fromStdString(pathOf(0)));
        QCOMPARE(model.stateAt(active), State::Active);
        // A failure of a file without a row gets one.
        model.markFailed({{"user-9/src/elsewhere", fg::Error(fg::Errc::Io, "disk on fire")}});
        QCOMPARE(model.count(State::Failed), 1);
        QCOMPARE(model.stateAt(model.rowCount() - 1), State::Failed);
        model.markFinished({{1, pathOf(0), 10}});
        model.finishJob(fg::JobState::Done);
        QCOMPARE(model.count(State::Done), int(kFiles));
        QCOMPARE(model.totalFiles(), int(kFiles) + 1);
    }

    // A small file's sender can start it before the plan that names it is
    // told (the receiver plans, the sender does not wait for it): once the
    // table rolls, that file is still counted once.
    void aFileStartedBeforeItsPlanIsCountedOnce()
    {
        const int cap = Model::kMaxRows;
        Model model;
        std::vector<fg::PlanItem> plan;
        for (int i = 0; i < cap + 10; ++i) plan.push_back(item("early-" + std::to_string(i), 1));
        model.addPlanned(plan);
        QVERIFY(model.rolling());
        model.markStarted({{7, "late", 1}});
        model.addPlanned({item("late", 1), item("later", 1)});
        QCOMPARE(model.totalFiles(), cap + 12);
        QCOMPARE(model.count(State::Active), 1);
        model.markFinished({{7, "late", 1}});
        QCOMPARE(model.count(State::Done), 1);
        QCOMPARE(model.totalFiles(), cap + 12);
    }

    // A preview of millions: rows for the first kMaxRows, and a budget of
    // their own for deletions so that they are never crowded out; every item
    // is counted, and the deletions a run would make are all counted too.
    void aPreviewOfMillionsListsWhatItCanAndCountsAll()
    {
        fgui::PlanModel plan;
        const int cap = fgui::PlanModel::kMaxRows;
        std::vector<fg::PlanItem> batch;
        for (int i = 0; i < cap + 5000; ++i) batch.push_back(item("copy-" + std::to_string(i), 1));
        plan.addItems(batch);
        batch.clear();
        for (int i = 0; i < 7; ++i) batch.push_back(item("gone-" + std::to_string(i), 0, fg::FileAction::Delete));
        plan.addItems(batch);
        QCOMPARE(plan.rowCount(), cap + 7);
        QCOMPARE(plan.count(fg::FileAction::Copy), cap + 5000);
        QCOMPARE(plan.bytes(fg::FileAction::Copy), uint64_t(cap + 5000));
        QCOMPARE(plan.notShown(), 5000);
        QCOMPARE(plan.deletionsKept(), 7);
        QVERIFY2(plan.summary().contains(QStringLiteral("not listed")), qPrintable(plan.summary()));
        batch.clear();
        for (int i = 0; i < cap; ++i) batch.push_back(item("more-gone-" + std::to_string(i), 0, fg::FileAction::Delete));
        plan.addItems(batch);
        QCOMPARE(plan.rowCount(), 2 * cap);
        QCOMPARE(plan.deletionsKept(), cap + 7);
    }

    void planModelCountsAndColours()
    {
        fgui::PlanModel plan;
        plan.addItems({item("a", 1024), item("b", 2048, fg::FileAction::Update), item("d", 0, fg::FileAction::MkDir, true),
                       item("old", 0, fg::FileAction::Delete), item("old2", 0, fg::FileAction::Delete)});
        QCOMPARE(plan.rowCount(), 5);
        QVERIFY(plan.hasDeletions());
        QCOMPARE(plan.count(fg::FileAction::Delete), 2);
        QCOMPARE(plan.bytes(fg::FileAction::Update), uint64_t(2048));
        QCOMPARE(plan.summary(), QStringLiteral("1 to copy (1.0 KB) \u00b7 1 to update (2.0 KB) \u00b7 1 folder to "
                                                "create \u00b7 2 to delete"));
        QCOMPARE(plan.data(plan.index(2, fgui::PlanModel::PathColumn)).toString(), QStringLiteral("d/"));
        QVERIFY(!plan.data(plan.index(0, 0), Qt::ForegroundRole).isValid());
        QVERIFY(plan.data(plan.index(3, 0), Qt::ForegroundRole).isValid());
        plan.clear();
        QCOMPARE(plan.rowCount(), 0);
        QVERIFY(!plan.hasDeletions());
        QCOMPARE(plan.summary(), QStringLiteral("Nothing to do: the destination is up to date"));
    }

    // A preview's per-file errors: rows of their own, first, red, counted as
    // problems; an error without a path is not a file's and gets no row.
    void planModelListsProblems()
    {
        fgui::PlanModel plan;
        plan.addItems({item("a", 1024), item("b", 10)});
        QSignalSpy inserted(&plan, &QAbstractItemModel::rowsInserted);
        plan.addProblems({{"A.txt", fg::Error(fg::Errc::NameCollision, "not written: 'A.txt' and 'a.txt' collide")},
                          {"", fg::Error(fg::Errc::Io, "the job's own")},
                          {"locked/", fg::Error(fg::Errc::PermissionDenied, "cannot read: Permission denied")}});
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 0); // above the plan
        QCOMPARE(plan.rowCount(), 4);
        QCOMPARE(plan.problemCount(), 2);
        QCOMPARE(plan.collisionCount(), 1);
        QVERIFY(plan.isProblem(0) && plan.isProblem(1) && !plan.isProblem(2));
        QCOMPARE(plan.data(plan.index(0, fgui::PlanModel::ActionColumn)).toString(), QStringLiteral("name collision"));
        QCOMPARE(plan.data(plan.index(1, fgui::PlanModel::ActionColumn)).toString(), QStringLiteral("error"));
        QCOMPARE(plan.data(plan.index(0, fgui::PlanModel::PathColumn)).toString(),
                 QStringLiteral("A.txt \u2014 not written: 'A.txt' and 'a.txt' collide"));
        QVERIFY(!plan.data(plan.index(0, fgui::PlanModel::SourceSizeColumn)).isValid());
        QVERIFY(plan.data(plan.index(1, fgui::PlanModel::PathColumn), Qt::ForegroundRole).isValid());
        QVERIFY(plan.data(plan.index(1, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("Permission denied")));
        // The plan's own counts are untouched; the summary adds the problems.
        QCOMPARE(plan.count(fg::FileAction::Copy), 2);
        QVERIFY2(plan.summary().endsWith(QStringLiteral("\u00b7 2 problems")), qPrintable(plan.summary()));
        plan.addProblems({{"b.txt", fg::Error(fg::Errc::NameCollision, "x")}});
        QVERIFY(plan.isProblem(2) && !plan.isProblem(3)); // after the earlier problems, still above the plan
        plan.clear();
        QCOMPARE(plan.problemCount(), 0);
        QCOMPARE(plan.collisionCount(), 0);
        plan.addProblems({{"only.txt", fg::Error(fg::Errc::NameCollision, "x")}});
        QCOMPARE(plan.summary(), QStringLiteral("1 problem")); // never "up to date"
    }
};

QTEST_GUILESS_MAIN(TestFileTableModel)
#include "test_file_table_model.moc"
