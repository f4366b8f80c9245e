// The run history: records read back whole, newest first and by job; an
// older schema migrated with its rows kept; a newer one refused untouched; a
// damaged or locked database never stops the run and says why the record
// is missing.

#include <floodgate/history.h>

#include "history/migrations.h"
#include "platform/fs.h"
#include "test_support.h"

#include <QTest>

#include <sqlite3.h>

using namespace fg;

namespace {

RunRecord sampleRun(const std::string& job, int64_t startedAtMs, const std::string& state = "done", int exitCode = 0)
{
    RunRecord r;
    r.job = job;
    r.origin = "cli";
    r.source = "/home/me/photos/";
    r.destination = "floodgate://nas/photos";
    r.command = "-a /home/me/photos/ floodgate://nas/photos";
    r.startedAtMs = startedAtMs;
    r.seconds = 12.5;
    r.state = state;
    r.exitCode = exitCode;
    r.filesTotal = 1000;
    r.filesTransferred = 12;
    r.filesDeleted = 1;
    r.bytesTotal = uint64_t(5) << 30;
    r.bytesTransferred = uint64_t(3) << 20;
    r.fileBytesTransferred = uint64_t(40) << 20;
    r.wireBytes = uint64_t(4) << 20;
    r.bottleneck = "link";
    r.bottleneckShare = 0.8;
    r.bottleneckFix = "--compress zstd:1";
    r.errors = {{"a/b.txt", "Permission denied"}, {"c", "vanished"}};
    r.errorCount = 2;
    r.log = {{RunLogLine::Level::Warning, "3 hard-linked files arrive as copies"},
             {RunLogLine::Level::Error, "a/b.txt: Permission denied"}};
    return r;
}

sqlite3* rawOpen(const std::string& path)
{
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    return db;
}

} // namespace

class TestHistory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recordsReadBackWhole()
    {
        fgtest::ScratchDir dir;
        auto history = History::open(dir.sub("state/history.db")); // makes its folder
        QVERIFY2(history.ok(), history.ok() ? "" : history.error().message.c_str());
        QCOMPARE(history->schemaVersion(), History::kSchemaVersion);
        const RunRecord in = sampleRun("photos", 1000);
        auto id = history->add(in);
        QVERIFY(id.ok());
        auto out = history->run(*id);
        QVERIFY(out.ok());
        RunRecord expected = in;
        expected.id = *id;
        QCOMPARE(out->command, expected.command);
        QCOMPARE(out->bytesTotal, expected.bytesTotal);
        QCOMPARE(out->bottleneckFix, expected.bottleneckFix);
        QVERIFY(out->errors == expected.errors);
        QVERIFY(out->log == expected.log);
        QCOMPARE(out->errorCount, uint64_t(2));
        QCOMPARE(history->run(*id + 1).error().code, Errc::NotFound);
    }

    void newestFirstAndByJob()
    {
        fgtest::ScratchDir dir;
        auto history = History::open(dir.sub("history.db"));
        QVERIFY(history.ok());
        QVERIFY(history->add(sampleRun("photos", 1000)).ok());
        QVERIFY(history->add(sampleRun("music", 2000, "failed", 10)).ok());
        QVERIFY(history->add(sampleRun("photos", 3000, "cancelled", 20)).ok());
        QVERIFY(history->add(sampleRun("", 4000)).ok());
        auto all = history->runs({}, 0);
        QVERIFY(all.ok());
        QCOMPARE(all->size(), size_t(4));
        QCOMPARE(all->front().startedAtMs, int64_t(4000));
        QVERIFY(all->front().errors.empty()); // the list leaves details out
        auto photos = history->runs("photos", 0);
        QCOMPARE(photos->size(), size_t(2));
        QCOMPARE(photos->front().state, std::string("cancelled"));
        QCOMPARE(history->runs({}, 1)->size(), size_t(1));
        auto removed = history->removeBefore(2500);
        QVERIFY(removed.ok());
        QCOMPARE(*removed, uint64_t(2));
        QCOMPARE(history->runs({}, 0)->size(), size_t(2));
    }

    // A database as the first schema left it: migrated, its rows kept.
    void anOlderSchemaIsMigratedWithItsRows()
    {
        fgtest::ScratchDir dir;
        const std::string path = dir.sub("history.db");
        sqlite3* db = rawOpen(path);
        QVERIFY(history::migrate(db, 1));
        QCOMPARE(history::schemaVersionOf(db), 1);
        QCOMPARE(sqlite3_exec(db,
                              "INSERT INTO runs (job, origin, source, destination, command, started_at, seconds, state, "
                              "exit_code, dry_run, files_total, files_transferred, files_deleted, bytes_total, "
                              "bytes_transferred, file_bytes, wire_bytes) VALUES ('old', 'cli', '/a/', '/b', '/a/ /b', "
                              "500, 1.5, 'done', 0, 0, 10, 10, 0, 100, 100, 100, 0);"
                              "INSERT INTO run_errors VALUES (1, 0, 'x', 'gone');",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);

        auto history = History::open(path);
        QVERIFY2(history.ok(), history.ok() ? "" : history.error().message.c_str());
        QCOMPARE(history->schemaVersion(), History::kSchemaVersion);
        auto old = history->run(1);
        QVERIFY(old.ok());
        QCOMPARE(old->job, std::string("old"));
        QCOMPARE(old->filesTotal, uint64_t(10));
        QVERIFY(old->bottleneck.empty()); // a column the first schema did not have
        QCOMPARE(old->errors.size(), size_t(1));
        QVERIFY(history->add(sampleRun("new", 600)).ok());
        QCOMPARE(history->runs({}, 0)->size(), size_t(2));
    }

    void aNewerSchemaIsRefusedUntouched()
    {
        fgtest::ScratchDir dir;
        const std::string path = dir.sub("history.db");
        {
            auto history = History::open(path);
            QVERIFY(history.ok());
        }
        sqlite3* db = rawOpen(path);
        QCOMPARE(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        auto history = History::open(path);
        QVERIFY(!history.ok());
        QVERIFY2(history.error().message.find("newer Floodgate") != std::string::npos, history.error().message.c_str());
        db = rawOpen(path);
        QCOMPARE(history::schemaVersionOf(db), 99);
        sqlite3_close(db);
    }

    void aDamagedDatabaseStopsNothingAndSaysWhy()
    {
        fgtest::ScratchDir dir;
        QVERIFY(platform::writeFileAtomic(dir.sub("history.db"), std::string(8192, 'x'), 0600));
        const std::string why = recordRun(dir.path(), sampleRun("photos", 1000));
        QVERIFY(!why.empty());
        QVERIFY2(why.find("not a database") != std::string::npos, why.c_str());
        const auto notes = missingRunNotes(dir.path());
        QCOMPARE(notes.size(), size_t(1));
        QVERIFY2(notes[0].find("job 'photos'") != std::string::npos, notes[0].c_str());
        QVERIFY2(notes[0].find("not a database") != std::string::npos, notes[0].c_str());
    }

    void aLockedDatabaseStopsNothingAndSaysWhy()
    {
        fgtest::ScratchDir dir;
        QVERIFY(recordRun(dir.path(), sampleRun("first", 1000)).empty());
        // Another process holds the write lock past the wait.
        sqlite3* holder = rawOpen(History::pathIn(dir.path()));
        QCOMPARE(sqlite3_exec(holder, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
        const std::string why = recordRun(dir.path(), sampleRun("second", 2000));
        sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(holder);
        QVERIFY2(why.find("locked") != std::string::npos, why.c_str());
        QCOMPARE(missingRunNotes(dir.path()).size(), size_t(1));
        // Once it is free, runs are recorded again.
        QVERIFY(recordRun(dir.path(), sampleRun("third", 3000)).empty());
        auto history = History::open(History::pathIn(dir.path()));
        QCOMPARE(history->runs({}, 0)->size(), size_t(2));
    }

    // `history --run` and the GUI's export: one text, which names what the
    // record holds, and a filter that reaches every name and message.
    void aRunReadsAsAReport()
    {
        RunRecord r = sampleRun("photos", 1000, "done", 23);
        r.id = 7;
        r.fatal.clear();
        const std::string text = runReportText(r);
        QCOMPARE(runResultText(r), std::string("partial (23)"));
        for (const char* part : {"run 7 of job 'photos', cli,", "command:  floodgate sync -a /home/me/photos/",
                                 "result:   partial (23), exit code 23, in 0:13", "12 of 1000 transferred (3.00 MB), 1 deleted",
                                 "limited:  link (80% of the time); fix: --compress zstd:1",
                                 "2 file error(s):\n  a/b.txt: Permission denied\n", "log:\n  warning: 3 hard-linked",
                                 "  error: a/b.txt: Permission denied\n"})
            QVERIFY2(text.find(part) != std::string::npos, part);
        const std::string shouted = runReportText(r, [](std::string_view t) { return "<" + std::string(t) + ">"; });
        QVERIFY(shouted.find("job '<photos>'") != std::string::npos);
        QVERIFY(shouted.find("<a/b.txt>: <Permission denied>") != std::string::npos);
        QVERIFY(shouted.find("error: <a/b.txt: Permission denied>") != std::string::npos);
        r.state = "failed";
        r.exitCode = 10;
        r.fatal = "connection refused";
        QCOMPARE(runResultText(r), std::string("failed (10)"));
        QVERIFY(runReportText(r).find("error:    connection refused\n") != std::string::npos);
        r.state = "done";
        r.exitCode = 0;
        r.dryRun = true;
        QCOMPARE(runResultText(r), std::string("dry run"));
    }
};

QTEST_GUILESS_MAIN(TestHistory)
#include "test_history.moc"
