// Saved jobs' store: names that are file names everywhere, the job file's
// text read back as written, shell words both ways, one bad file hiding no
// other job, names that differ only in case taken for one.

#include <floodgate/saved_jobs.h>

#include "platform/fs.h"
#include "test_support.h"

#include <QTest>

#include <random>

using namespace fg;

class TestSavedJobs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesThatAreFileNamesEverywhere()
    {
        for (const char* good : {"photos", "NAS backup", "照片备份", "daily-2", "a.b", "x_y"})
            QVERIFY2(checkJobName(good), good);
        for (const char* bad : {"", "a/b", "a\\b", "a:b", "a*", "what?", "\"q\"", "<x>", "a|b", ".hidden", "-n",
                                "ends.", "ends ", " starts", "tab\tname"})
            QVERIFY2(!checkJobName(bad), bad);
        QVERIFY(!checkJobName(std::string(65, 'x')));
        QVERIFY(checkJobName(std::string(64, 'x')));
    }

    void shellWordsReadBackWhatWasQuoted()
    {
        std::mt19937 rng(7);
        const std::string alphabet = "ab -'\"\\$`*?~#;&|<>()\t=/:.,é中";
        for (int i = 0; i < 3000; ++i) {
            std::vector<std::string> words(rng() % 5 + 1);
            for (std::string& w : words) {
                const int n = int(rng() % 8);
                for (int k = 0; k < n; ++k) w += alphabet[rng() % alphabet.size()];
            }
            const std::string line = shellQuoted(words);
            auto back = splitShellWords(line);
            QVERIFY2(back.ok(), line.c_str());
            QVERIFY2(*back == words, line.c_str());
        }
    }

    void shellWordsAsAPersonTypesThem()
    {
        auto w = splitShellWords("-a --exclude '*.tmp' \"my dir/\" it\\'s \"say \\\"hi\\\"\" 'a'\"b\"c");
        QVERIFY(w.ok());
        const std::vector<std::string> want = {"-a", "--exclude", "*.tmp", "my dir/", "it's", "say \"hi\"", "abc"};
        QVERIFY(*w == want);
        QVERIFY(!splitShellWords("'open").ok());
        QVERIFY(!splitShellWords("\"open").ok());
        QVERIFY(splitShellWords("")->empty());
    }

    void jobFileReadsBackAndSaysWhatIsWrong()
    {
        const SavedJob job{"NAS backup", {"--delete", "--exclude=*.tmp", "/home/me/my photos/", "floodgate://nas/b"},
                           "daily 02:00"};
        auto back = parseJobFile(jobFileText(job), job.name, "x.job");
        QVERIFY(back.ok());
        QVERIFY(*back == job);

        auto unknownKey = parseJobFile("sync = a b\ncolour = red\n", "j", "j.job");
        QVERIFY(!unknownKey.ok());
        QVERIFY(unknownKey.error().message.find("j.job:2") != std::string::npos);
        QVERIFY(!parseJobFile("# nothing\n", "j", "j.job").ok());
        QVERIFY(!parseJobFile("sync = onlyone\n", "j", "j.job").ok());
        QVERIFY(!parseJobFile("sync = 'a b\n", "j", "j.job").ok());
        QVERIFY(!parseJobFile("[job]\nsync = a b\n", "j", "j.job").ok());
    }

    void storeAddsListsReplacesRenamesRemoves()
    {
        fgtest::ScratchDir dir;
        const JobStore store(dir.path() + "/jobs");
        QVERIFY(store.list()->jobs.empty()); // never written: nothing, no error
        QVERIFY(store.add({"photos", {"/a/", "/b"}, {}}));
        QVERIFY(store.add({"Music", {"-n", "/m/", "/n"}, "hourly"}));
        QVERIFY(!store.add({"PHOTOS", {"/x/", "/y"}, {}})); // the same name where case folds
        QVERIFY(!store.add({"bad/name", {"/x/", "/y"}, {}}));
        QVERIFY(!store.add({"short", {"/only-one"}, {}}));

        auto listing = store.list();
        QVERIFY(listing.ok());
        QCOMPARE(listing->jobs.size(), size_t(2));
        QCOMPARE(listing->jobs[0].name, std::string("Music")); // by name
        QCOMPARE(listing->jobs[0].schedule, std::string("hourly"));

        QVERIFY(store.replace({"photos", {"--delete", "/a/", "/c"}, {}}));
        QCOMPARE(store.load("photos")->syncArgs.back(), std::string("/c"));

        QVERIFY(store.rename("photos", "Photos 2026"));
        QVERIFY(!store.load("photos").ok());
        QCOMPARE(store.load("Photos 2026")->syncArgs.back(), std::string("/c"));
        QVERIFY(!store.rename("Music", "Photos 2026")); // taken
        QVERIFY(store.rename("Music", "music")); // a change of case only
        QVERIFY(store.load("music").ok());
        QCOMPARE(store.list()->jobs.size(), size_t(2));

        auto missing = store.load("nope");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, Errc::NotFound);
        QVERIFY(missing.error().message.find("music") != std::string::npos); // names the jobs there are

        QVERIFY(store.remove("music"));
        QVERIFY(!store.remove("music"));
        QCOMPARE(store.list()->jobs.size(), size_t(1));
    }

    void aBadFileHidesNoOtherJob()
    {
        fgtest::ScratchDir dir;
        const JobStore store(dir.path() + "/jobs");
        QVERIFY(store.add({"good", {"/a/", "/b"}, {}}));
        QVERIFY(platform::writeFileAtomic(store.pathOf("broken"), "sync = 'unclosed\n", 0600));
        QVERIFY(platform::writeFileAtomic(dir.path() + "/jobs/notes.txt", "not a job\n", 0600));
        auto listing = store.list();
        QVERIFY(listing.ok());
        QCOMPARE(listing->jobs.size(), size_t(1));
        QCOMPARE(listing->unreadable.size(), size_t(1));
        QVERIFY(listing->unreadable[0].message.find("broken.job") != std::string::npos);

        // A file a job cannot be named after is said, not skipped in silence;
        // a hidden one (an editor's swap file, a write's own) is not a job.
        QVERIFY(platform::writeFileAtomic(dir.path() + "/jobs/a:b.job", "sync = /a/ /b\n", 0600));
        QVERIFY(platform::writeFileAtomic(dir.path() + "/jobs/.good.job", "sync = /a/ /b\n", 0600));
        listing = store.list();
        QVERIFY(listing.ok());
        QCOMPARE(listing->jobs.size(), size_t(1));
        QCOMPARE(listing->unreadable.size(), size_t(2));
        QVERIFY2(listing->unreadable[0].message.find("a:b.job is not a saved job") != std::string::npos,
                 listing->unreadable[0].message.c_str());
    }

    void relativePathsAreAnchoredAbsoluteOnesKept()
    {
        QCOMPARE(anchoredPath("photos/", "/home/me"), std::string("/home/me/photos/"));
        QCOMPARE(anchoredPath("./photos", "/home/me/"), std::string("/home/me/photos"));
        QCOMPARE(anchoredPath(".", "/home/me"), std::string("/home/me/"));
        QCOMPARE(anchoredPath("/srv/x", "/home/me"), std::string("/srv/x"));
        QCOMPARE(anchoredPath("C:\\Users\\me", "/home/me"), std::string("C:\\Users\\me"));
        QCOMPARE(anchoredPath("D:/data", "/home/me"), std::string("D:/data"));
        QCOMPARE(anchoredPath("\\\\server\\share", "/home/me"), std::string("\\\\server\\share"));
    }
};

QTEST_GUILESS_MAIN(TestSavedJobs)
#include "test_saved_jobs.moc"
