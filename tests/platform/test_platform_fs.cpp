// The file-system contract every platform layer keeps (platform/fs.h), tried
// on the real thing: on Linux in the normal run, and on Windows under Wine
// (the Windows build runs this same file). What the engine above relies on:
// exclusive creates, replacing renames, times to the file system's grain,
// single components only, links never followed unless asked.
#include "platform/fs.h"
#include "platform/local_path.h"
#include "platform/process.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <string>

using namespace fg;
using namespace fg::platform;

namespace {

std::string tempRoot(const QTemporaryDir& dir) { return dir.path().toStdString(); }

Status writeFile(const DirHandle& dir, const std::string& name, const std::string& text)
{
    FG_TRY_ASSIGN(FileHandle file, dir.createExclusive(name, 0644));
    FG_TRY(file.writeAll(text.data(), text.size()));
    return file.close();
}

std::string readAll(const DirHandle& dir, const std::string& name)
{
    auto file = dir.openRead(name);
    if (!file.ok()) return "<" + file.error().message + ">";
    std::string out(4096, '\0');
    auto n = file->read(out.data(), out.size());
    if (!n.ok()) return "<" + n.error().message + ">";
    out.resize(*n);
    return out;
}

std::vector<std::string> names(const DirHandle& dir)
{
    std::vector<std::string> out;
    if (auto entries = dir.list(); entries.ok())
        for (const auto& e : *entries) out.push_back(e.name);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestPlatformFs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createsExclusivelyAndReadsBack()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY2(dir.ok(), dir.ok() ? "" : dir.error().message.c_str());
        QVERIFY(writeFile(*dir, "a.txt", "hello").ok());
        QCOMPARE(readAll(*dir, "a.txt"), std::string("hello"));
        auto again = dir->createExclusive("a.txt", 0644);
        QVERIFY(!again.ok());
        QCOMPARE(again.error().sysErrno, EEXIST);
        auto info = dir->statAt("a.txt");
        QVERIFY(info.ok());
        QCOMPARE(info->type, FileType::Regular);
        QCOMPARE(info->size, uint64_t(5));
    }

    void readsAndWritesAtOffsets()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        auto file = dir->createExclusive("f", 0644);
        QVERIFY(file.ok());
        QVERIFY(file->pwriteAll("world", 5, 6).ok());
        QVERIFY(file->pwriteAll("hello ", 6, 0).ok());
        char buf[16] = {};
        auto n = file->pread(buf, sizeof buf, 0);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("hello world"));
        QVERIFY(file->truncate(5).ok());
        QCOMPARE(file->stat()->size, uint64_t(5));
        QVERIFY(file->preallocate(1 << 20).ok());
        QVERIFY(file->sync().ok());
        QVERIFY(file->close().ok());
    }

    // The receiver commits a file by renaming its temporary over the old
    // version, which may be open for reading at that moment.
    void renameReplacesEvenAnOpenFile()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(writeFile(*dir, "target", "old").ok());
        QVERIFY(writeFile(*dir, ".target.tmp", "new").ok());
        auto reader = dir->openRead("target");
        QVERIFY(reader.ok());
        auto renamed = dir->renameAt(".target.tmp", "target");
        if (!renamed.ok() && renamed.error().sysErrno == EACCES)
            QSKIP("this system cannot replace a file another handle has open (Wine; Windows without POSIX "
                  "semantics, as on FAT): the receiver reports that file, and the next run replaces it");
        QVERIFY2(renamed.ok(), renamed.ok() ? "" : renamed.error().message.c_str());
        QCOMPARE(readAll(*dir, "target"), std::string("new"));
        QCOMPARE(names(*dir), std::vector<std::string>{"target"});
    }

    void renamesIntoAnotherDirectoryAndLinks()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(dir->mkdirAt("sub", 0755).ok());
        auto sub = dir->openDir("sub");
        QVERIFY(sub.ok());
        QVERIFY(writeFile(*dir, "x", "data").ok());
        QVERIFY(dir->renameInto("x", *sub, "y").ok());
        QCOMPARE(readAll(*sub, "y"), std::string("data"));
        auto linked = sub->linkInto("y", *dir, "hard");
        QVERIFY2(linked.ok(), linked.ok() ? "" : linked.error().message.c_str());
        QCOMPARE(readAll(*dir, "hard"), std::string("data"));
        QCOMPARE(dir->statAt("hard")->links, uint32_t(2));
    }

    // A small file's temporary on a local disk: made without a name, so no
    // other process sees it; a link gives it one, never over another file;
    // closed without a name, it is gone.
    void unnamedFilesAreNamedByALinkOrVanish()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        auto file = dir->createAnonymous(0640);
        if (!file.ok() && file.error().sysErrno == EOPNOTSUPP)
            QSKIP("no unnamed files on this system or file system: temporaries get names");
        QVERIFY2(file.ok(), file.ok() ? "" : file.error().message.c_str());
        QVERIFY(file->writeAll("fresh", 5).ok());
        QVERIFY2(names(*dir).empty(), "an unnamed file has no entry in its directory");
        QVERIFY(writeFile(*dir, "taken", "old").ok());
        auto over = file->linkAs(*dir, "taken");
        QVERIFY2(!over.ok(), "a link never replaces what is there");
        QCOMPARE(over.error().sysErrno, EEXIST);
        QCOMPARE(readAll(*dir, "taken"), std::string("old"));
        auto named = file->linkAs(*dir, "new");
        QVERIFY2(named.ok(), named.ok() ? "" : named.error().message.c_str());
        QVERIFY(file->close().ok());
        QCOMPARE(readAll(*dir, "new"), std::string("fresh"));
        QCOMPARE(dir->statAt("new")->mode & 0777, uint32_t(0640) & ~processUmask());

        auto dropped = dir->createAnonymous(0600);
        QVERIFY(dropped.ok());
        QVERIFY(dropped->writeAll("gone", 4).ok());
        QVERIFY(dropped->close().ok());
        QCOMPARE(names(*dir), (std::vector<std::string>{"new", "taken"}));
    }

    void deletesFilesAndEmptyDirectoriesOnly()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(dir->mkdirAt("d", 0755).ok());
        auto d = dir->openDir("d");
        QVERIFY(d.ok());
        QVERIFY(writeFile(*d, "inside", "1").ok());
        auto notEmpty = dir->rmdirAt("d");
        QVERIFY(!notEmpty.ok());
        QCOMPARE(notEmpty.error().sysErrno, ENOTEMPTY);
        QVERIFY(!dir->unlinkAt("d").ok());
        QVERIFY(d->unlinkAt("inside").ok());
        *d = DirHandle();
        QVERIFY(dir->rmdirAt("d").ok());
        QVERIFY(names(*dir).empty());
        auto gone = dir->statAt("d");
        QVERIFY(!gone.ok());
        QCOMPARE(gone.error().code, Errc::NotFound);
    }

    // A read-only file (mode without write bits; Windows' read-only
    // attribute) can still be replaced and deleted by the receiver.
    void readOnlyFilesCanBeReplacedAndDeleted()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(writeFile(*dir, "ro", "old").ok());
        QVERIFY(dir->setModeAt("ro", 0444).ok());
        QCOMPARE(dir->statAt("ro")->mode & 0222, 0u);
        QVERIFY(writeFile(*dir, "tmp", "new").ok());
        auto renamed = dir->renameAt("tmp", "ro");
        QVERIFY2(renamed.ok(), renamed.ok() ? "" : renamed.error().message.c_str());
        QCOMPARE(readAll(*dir, "ro"), std::string("new"));
        QVERIFY(dir->setModeAt("ro", 0444).ok());
        auto deleted = dir->unlinkAt("ro");
        QVERIFY2(deleted.ok(), deleted.ok() ? "" : deleted.error().message.c_str());
    }

    // Times survive to the file system's grain: nanoseconds on ext4, 100 ns
    // on NTFS; before 1970 too.
    void keepsModificationTimes()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(writeFile(*dir, "t", "x").ok());
        const int64_t when = 1700000000LL * 1000000000LL + 123456700LL;
        QVERIFY(dir->setModifyTimeAt("t", when).ok());
        QCOMPARE(dir->statAt("t")->mtimeNs, when);
        const int64_t early = -86400LL * 1000000000LL; // 1969-12-31
        auto file = dir->openForUpdate("t");
        QVERIFY(file.ok());
        QVERIFY(file->setModifyTime(early).ok());
        QCOMPARE(file->stat()->mtimeNs, early);
        QVERIFY(dir->mkdirAt("d", 0755).ok());
        auto d = dir->openDir("d");
        QVERIFY(d.ok());
        QVERIFY(d->setModifyTime(when).ok());
        QCOMPARE(dir->statAt("d")->mtimeNs, when);
    }

    void refusesMoreThanOneComponent_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("slash") << QStringLiteral("a/b");
        QTest::newRow("dot") << QStringLiteral(".");
        QTest::newRow("dotdot") << QStringLiteral("..");
        QTest::newRow("empty") << QString();
    }
    void refusesMoreThanOneComponent()
    {
        QFETCH(QString, name);
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        auto created = dir->createExclusive(name.toStdString(), 0644);
        QVERIFY(!created.ok());
        QCOMPARE(created.error().code, Errc::UnsafePath);
        QVERIFY(!dir->openDir(name.toStdString()).ok());
    }

    void namesInAnyScript()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        const std::string name = "straße 日本 ünïcödé.txt";
        QVERIFY(writeFile(*dir, name, "u").ok());
        QCOMPARE(names(*dir), std::vector<std::string>{name});
        QCOMPARE(readAll(*dir, name), std::string("u"));
        QVERIFY(statPath(tempRoot(tmp) + "/" + name, false).ok());
    }

    // Paths past Windows' old 260-character limit.
    void longPaths()
    {
        QTemporaryDir tmp;
        std::string path = tempRoot(tmp);
        for (int i = 0; i < 12; ++i) path += "/" + std::string(40, char('a' + i));
        QVERIFY(path.size() > 400);
        auto made = makeDirectories(path, 0755);
        QVERIFY2(made.ok(), made.ok() ? "" : made.error().message.c_str());
        auto deep = DirHandle::open(path);
        QVERIFY(deep.ok());
        QVERIFY(writeFile(*deep, "leaf", "deep").ok());
        QCOMPARE(readAll(*deep, "leaf"), std::string("deep"));
        // Closed first: without POSIX semantics (Wine, FAT) Windows removes
        // a directory only once no handle has it open.
        *deep = DirHandle();
        auto removed = removeTree(tempRoot(tmp) + "/" + std::string(40, 'a'));
        QVERIFY2(removed.ok(), removed.ok() ? "" : removed.error().message.c_str());
        QVERIFY(!statPath(path, false).ok());
    }

    void listsTypes()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(dir->mkdirAt("d", 0755).ok());
        QVERIFY(writeFile(*dir, "f", "").ok());
        auto entries = dir->list();
        QVERIFY(entries.ok());
        QCOMPARE(entries->size(), size_t(2));
        for (const auto& e : *entries) {
            const FileType expected = e.name == "d" ? FileType::Directory : FileType::Regular;
            if (e.typeKnown) QCOMPARE(e.type, expected);
            QCOMPARE(dir->statAt(e.name)->type, expected);
        }
    }

    // A lock tells a later run whether a temporary's writer is alive; it
    // never stops the writer itself from writing.
    void locksAreAdvisoryToTheirOwner()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        auto file = dir->createExclusive("locked", 0644);
        QVERIFY(file.ok());
        auto locked = file->tryLockExclusive();
        QVERIFY(locked.ok() && *locked);
        QVERIFY(file->writeAll("still writable", 14).ok());
        auto other = dir->openForUpdate("locked");
        QVERIFY(other.ok());
        auto second = other->tryLockExclusive();
        QVERIFY(second.ok());
        QVERIFY(!*second);
        QCOMPARE(readAll(*dir, "locked"), std::string("still writable"));
    }

    void knowsWhereItIs()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        auto real = dir->realPath();
        QVERIFY(real.ok());
        auto canonical = canonicalPath(tempRoot(tmp));
        QVERIFY(canonical.ok());
        QCOMPARE(*real, *canonical);
        QVERIFY(real->find('\\') == std::string::npos);
        auto free = dir->freeBytes();
        QVERIFY(free.ok());
        QVERIFY(*free > 0);
        QVERIFY(dir->checkWritable().ok());
        QVERIFY(dir->fileSystem().type != "");
    }

    void symlinksAreNotFollowedUnlessAsked()
    {
        QTemporaryDir tmp;
        auto dir = DirHandle::open(tempRoot(tmp));
        QVERIFY(dir.ok());
        QVERIFY(dir->mkdirAt("real", 0755).ok());
        QVERIFY(writeFile(*dir, "file", "f").ok());
        auto made = dir->symlinkAt("real", "link");
        if (!made.ok()) QSKIP(("this system makes no symbolic links here: " + made.error().message).c_str());
        auto linkInfo = dir->statAt("link");
        QVERIFY2(linkInfo.ok(), linkInfo.ok() ? "" : linkInfo.error().message.c_str());
        QCOMPARE(linkInfo->type, FileType::Symlink);
        auto target = dir->readlinkAt("link");
        QVERIFY2(target.ok(), target.ok() ? "" : target.error().message.c_str());
        QCOMPARE(*target, std::string("real"));
        auto refused = dir->openDir("link");
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, Errc::UnsafePath);
        QVERIFY(dir->openDir("link", Follow::Yes).ok());
        QVERIFY(dir->symlinkAt("file", "filelink").ok());
        auto fileLink = dir->statAt("filelink");
        QVERIFY2(fileLink.ok() && fileLink->type == FileType::Symlink, "a link to a file is a link");
        auto notFile = dir->openRead("filelink");
        QVERIFY(!notFile.ok());
        QCOMPARE(notFile.error().code, Errc::UnsafePath);
        QCOMPARE(readAll(*dir, "file"), std::string("f"));
        QVERIFY(dir->unlinkAt("link").ok());
        QVERIFY(dir->statAt("real").ok());
    }

    void makesPrivateTemporaryDirectories()
    {
        QTemporaryDir tmp;
        auto a = makeTempDirectoryIn(tempRoot(tmp), "fg-test");
        auto b = makeTempDirectoryIn(tempRoot(tmp), "fg-test");
        QVERIFY(a.ok() && b.ok());
        QVERIFY(*a != *b);
        QCOMPARE(statPath(*a, true)->type, FileType::Directory);
        QVERIFY(writeFileAtomic(*a + "/key", "secret", 0600).ok());
        QVERIFY(writeFileAtomic(*a + "/key", "secret2", 0600).ok());
        QCOMPARE(*readFile(*a + "/key", 100), std::string("secret2"));
        QVERIFY(appendLine(*a + "/log", "one", 0600).ok());
        QVERIFY(appendLine(*a + "/log", "two", 0600).ok());
        QCOMPARE(*readFile(*a + "/log", 100), std::string("one\ntwo\n"));
        QVERIFY(removeTree(*a).ok());
        QVERIFY(!statPath(*a, false).ok());
    }

    // The command line's host:path rule and this OS's own paths.
    void localPathsOfThisSystem()
    {
#ifdef _WIN32
        QVERIFY(isNativeLocalPath("C:\\Users\\me\\Pictures\\"));
        QVERIFY(isNativeLocalPath("D:relative"));
        QVERIFY(isNativeLocalPath("\\\\nas\\share\\dir"));
        QVERIFY(isNativeLocalPath("\\\\?\\C:\\dir"));
        QCOMPARE(portableLocalPath("C:\\Users\\me\\Pictures\\"), std::string("C:/Users/me/Pictures/"));
#else
        QVERIFY(!isNativeLocalPath("c:dir"));
        QCOMPARE(portableLocalPath("a\\b"), std::string("a\\b"));
#endif
        QVERIFY(!isNativeLocalPath("host:path"));
    }
};

QTEST_GUILESS_MAIN(TestPlatformFs)
#include "test_platform_fs.moc"
