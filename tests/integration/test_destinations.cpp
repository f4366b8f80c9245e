// Destinations that do not behave like ext4, made by the test itself: a FAT
// image through fusefat (no case, 2-second times, no chmod, ASCII names
// only) and an exFAT image through exfat-fuse (no case, 1-second times,
// modes ignored). What a user is promised there: two names that would be
// one are both refused and reported, never merged; a case-only rename
// keeps working; metadata that cannot be kept is one warning, not a
// failure per file; a no-change re-sync sends nothing. Each test skips
// with the reason where this machine cannot mount the image.

#include "fuse_mount.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using fgtest::CliRun;
using fgtest::FuseMount;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(FuseMount::Kind)

namespace {

CliRun sync(const QStringList& args)
{
    return fgtest::runCli(QStringList{u"sync"_s} + args, 60000);
}

QJsonObject jsonOf(const CliRun& r)
{
    QString err;
    QJsonObject j = fgtest::parseJsonObject(r.out, &err);
    if (!err.isEmpty()) qWarning("%s\n%s", qPrintable(err), explain(r).constData());
    return j;
}

// The names a directory holds, as listed (the spelling stored).
QStringList listed(const std::string& dir)
{
    QStringList names = QDir(q(dir)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    names.sort();
    return names;
}

// Paths of the per-file errors of a --json result, with their code.
QMap<QString, QString> errorsOf(const QJsonObject& j)
{
    QMap<QString, QString> out;
    for (const auto& e : j.value(u"errors"_s).toArray())
        out.insert(e.toObject().value(u"path"_s).toString(), e.toObject().value(u"code"_s).toString());
    return out;
}

void addKinds()
{
    QTest::addColumn<FuseMount::Kind>("kind");
    QTest::newRow("fat") << FuseMount::Kind::Fat;
    QTest::newRow("exfat") << FuseMount::Kind::ExFat;
}

#define MOUNT_OR_SKIP(var, kind, dir)                                                                                  \
    FuseMount var(kind, (dir).path());                                                                                 \
    if (!var.ok()) QSKIP(qPrintable(var.why()))

// Every entry below `root`: a file's content, "<dir>" for a directory. Names
// and contents only: modes and times do not survive FAT.
std::map<QString, std::string> namesAndContents(const std::string& root)
{
    std::map<QString, std::string> out;
    QDirIterator it(q(root), QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    const QDir base(q(root));
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = base.relativeFilePath(path);
        out[rel] = it.fileInfo().isDir() ? std::string("<dir>") : fgtest::readFile(path.toStdString());
    }
    return out;
}

// One file under each kind of name Windows cannot hold, a pair that only
// case tells apart, folders with such names, and names that are fine.
// `ascii`: no name past ASCII (fusefat stores no other).
void writeTroublesomeTree(const std::string& root, bool ascii)
{
    const std::vector<std::string> names = {
        "a:b.txt", "what?.txt", "star*.txt", "quote\".txt", "lt<gt>.txt", "pipe|.txt", "back\\slash.txt",
        "trailing dot.", "trailing space ", "tab\tname", "CON", "nul.txt", "COM1.log", "LPT9",
        "Readme.md", "README.md", "CONFIG.sys", "COM10", "ok name.txt"};
    for (const auto& n : names) fgtest::writeFile(root + "/" + n, "content of " + n);
    fgtest::writeFile(root + "/AUX/inside.txt", "inside AUX");
    fgtest::writeFile(root + "/dir:x/inside.txt", "inside dir:x");
    fgtest::writeFile(root + "/fine dir/inside.txt", "inside fine");
    if (ascii) return;
    for (const std::string n : {"本当？.txt", "ＣON", "Straße.txt", "quote‛d"})
        fgtest::writeFile(root + "/" + n, "content of " + n);
}

} // namespace

class TestDestinations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void caseCollisionsAreRefusedNotMerged_data() { addKinds(); }
    void caseCollisionsAreRefusedNotMerged()
    {
        QFETCH(FuseMount::Kind, kind);
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, kind, s);
        fgtest::writeFile(s.sub("src/A.txt"), "upper");
        fgtest::writeFile(s.sub("src/a.txt"), "lower");
        fgtest::writeFile(s.sub("src/Dir/x"), "x");
        fgtest::writeFile(s.sub("src/dir/y"), "y");
        fgtest::writeFile(s.sub("src/keep.txt"), "keep");
        fgtest::writeFile(s.sub("src/sub/Other.txt"), "other");
        const QString src = q(s.sub("src/"));
        const QString dst = q(usb.sub("backup/"));

        // The dry run lists them beforehand and writes nothing.
        CliRun dry = sync({u"-n"_s, u"--json"_s, src, dst});
        VERIFY_EXIT(dry, 23);
        auto errors = errorsOf(jsonOf(dry));
        for (const char* path : {"A.txt", "a.txt", "Dir", "dir", "Dir/x", "dir/y"})
            QVERIFY2(errors.value(QString::fromLatin1(path)) == u"name-collision"_s, explain(dry).constData());
        QVERIFY(!fgtest::exists(usb.sub("backup")));

        CliRun r = sync({u"--json"_s, src, dst});
        VERIFY_EXIT(r, 23);
        const QJsonObject j = jsonOf(r);
        errors = errorsOf(j);
        QCOMPARE(errors.size(), 6);
        for (const char* path : {"A.txt", "a.txt", "Dir", "dir", "Dir/x", "dir/y"})
            QVERIFY2(errors.value(QString::fromLatin1(path)) == u"name-collision"_s, explain(r).constData());
        QVERIFY2(r.err.contains("'A.txt' and 'a.txt' would be one name") && r.err.contains("Rename one of them"),
                 explain(r).constData());
        // Neither of a pair is there; the rest is.
        QCOMPARE(listed(usb.sub("backup")), (QStringList{u"keep.txt"_s, u"sub"_s}));
        QCOMPARE(fgtest::readFile(usb.sub("backup/keep.txt")), std::string("keep"));
        QCOMPARE(fgtest::readFile(usb.sub("backup/sub/Other.txt")), std::string("other"));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 2);

        // Every re-run says the same and rewrites nothing.
        CliRun again = sync({u"--json"_s, src, dst});
        VERIFY_EXIT(again, 23);
        QCOMPARE(jsonOf(again).value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(errorsOf(jsonOf(again)).size(), 6);
    }

    // What the destination already has under the contested name stays as it
    // was: it is the user's only copy of one of them.
    void existingVersionIsUntouched()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::ExFat, s);
        fgtest::writeFile(usb.sub("b/a.txt"), "the old backup");
        fgtest::writeFile(s.sub("src/A.txt"), "upper");
        fgtest::writeFile(s.sub("src/a.txt"), "lower");
        CliRun r = sync({u"--delete"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(r, 23);
        QCOMPARE(listed(usb.sub("b")), QStringList{u"a.txt"_s});
        QCOMPARE(fgtest::readFile(usb.sub("b/a.txt")), std::string("the old backup"));
    }

    // On a destination that tells case apart, nothing is refused.
    void caseSensitiveDestinationTakesBoth()
    {
        ScratchDir s("fgdst");
        fgtest::writeFile(s.sub("src/A.txt"), "upper");
        fgtest::writeFile(s.sub("src/a.txt"), "lower");
        fgtest::writeFile(s.sub("src/caf\xc3\xa9"), "nfc");
        fgtest::writeFile(s.sub("src/cafe\xcc\x81"), "nfd");
        CliRun r = sync({q(s.sub("src/")), q(s.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(s.sub("dst/A.txt")), std::string("upper"));
        QCOMPARE(fgtest::readFile(s.sub("dst/a.txt")), std::string("lower"));
        QCOMPARE(fgtest::readFile(s.sub("dst/caf\xc3\xa9")), std::string("nfc"));
        QCOMPARE(fgtest::readFile(s.sub("dst/cafe\xcc\x81")), std::string("nfd"));
    }

    // photo.jpg -> Photo.JPG in the source: the destination's name follows,
    // the content stays, and --delete does not take it for an extra.
    void caseOnlyRenameKeepsWorking_data() { addKinds(); }
    void caseOnlyRenameKeepsWorking()
    {
        QFETCH(FuseMount::Kind, kind);
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, kind, s);
        fgtest::writeFile(s.sub("src/photo.jpg"), "pixels");
        fgtest::writeFile(s.sub("src/album/readme.txt"), "notes");
        VERIFY_EXIT(sync({q(s.sub("src/")), q(usb.sub("b/"))}), 0);
        QVERIFY(::rename(s.sub("src/photo.jpg").c_str(), s.sub("src/Photo.JPG").c_str()) == 0);
        QVERIFY(::rename(s.sub("src/album").c_str(), s.sub("src/Album").c_str()) == 0);
        CliRun r = sync({u"--delete"_s, u"--json"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(r, 0);
        // fusefat refuses to rename a directory to another case of its name:
        // it keeps the old one, with a warning, and its files all the same.
        const QString album = kind == FuseMount::Kind::Fat ? u"album"_s : u"Album"_s;
        if (kind == FuseMount::Kind::Fat)
            QVERIFY2(r.err.contains("could not rename 'album' to 'Album'"), explain(r).constData());
        QStringList expected{u"Photo.JPG"_s, album};
        expected.sort();
        QCOMPARE(listed(usb.sub("b")), expected);
        QCOMPARE(fgtest::readFile(usb.sub("b/Photo.JPG")), std::string("pixels"));
        QCOMPARE(fgtest::readFile(usb.sub("b/Album/readme.txt")), std::string("notes"));
        QCOMPARE(jsonOf(r).value(u"files_deleted"_s).toInt(), 0);
        // And then it is settled: nothing more to do.
        CliRun again = sync({u"--delete"_s, u"--json"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(again, 0);
        QCOMPARE(jsonOf(again).value(u"files_transferred"_s).toInt(), 0);
    }

    // Coarse times (FAT's 2 s, exfat-fuse's 1 s) and modes that are not kept
    // do not make every run send everything again.
    void noChangeResyncSendsNothing_data() { addKinds(); }
    void noChangeResyncSendsNothing()
    {
        QFETCH(FuseMount::Kind, kind);
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, kind, s);
        for (int i = 0; i < 20; ++i)
            fgtest::writeFile(s.sub("src/d" + std::to_string(i % 3) + "/f" + std::to_string(i) + ".txt"),
                              fgtest::randomBytes(1000 + size_t(i) * 97, uint64_t(i)), i % 2 ? 0644 : 0600);
        fgtest::setMtime(s.sub("src/d0/f0.txt"), 1600000001, 999999999); // an odd second, rounding territory
        CliRun first = sync({u"--json"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(first, 0);
        QCOMPARE(jsonOf(first).value(u"files_transferred"_s).toInt(), 20);
        CliRun again = sync({u"--json"_s, u"-v"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(again, 0);
        QVERIFY2(jsonOf(again).value(u"files_transferred"_s).toInt() == 0, explain(again).constData());
        // A real change is still seen.
        fgtest::writeFile(s.sub("src/d1/f1.txt"), "changed");
        CliRun changed = sync({u"--json"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(changed, 0);
        QCOMPARE(jsonOf(changed).value(u"files_transferred"_s).toInt(), 1);
        QCOMPARE(fgtest::readFile(usb.sub("b/d1/f1.txt")), std::string("changed"));
    }

    // fusefat has no chmod at all: the job says so once and succeeds.
    void chmodThatFailsIsOneWarning()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::Fat, s);
        for (int i = 0; i < 10; ++i) fgtest::writeFile(s.sub("src/sub/f" + std::to_string(i)), "x", 0640);
        CliRun r = sync({q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(r.err.count("cannot set permissions"), 1);
        QCOMPARE(listed(usb.sub("b/sub")).size(), 10);
    }

    // FAT has no hard links: -b renames the old version away instead.
    void backupOnFat()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::Fat, s);
        fgtest::writeFile(s.sub("src/a.txt"), "old");
        VERIFY_EXIT(sync({q(s.sub("src/")), q(usb.sub("b/"))}), 0);
        fgtest::writeFile(s.sub("src/a.txt"), "new version");
        CliRun r = sync({u"-b"_s, u"--suffix=.bak"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(usb.sub("b/a.txt")), std::string("new version"));
        QCOMPARE(fgtest::readFile(usb.sub("b/a.txt.bak")), std::string("old"));
    }

    // A backslash is legal on Linux: the file is copied there. FAT cannot
    // hold it: that one file fails, named, and the rest goes on.
    void backslashNameIsRefusedOnlyWhereItCannotBeHeld()
    {
        ScratchDir s("fgdst");
        const std::string unit = "system-systemd\\x2dcryptsetup.slice";
        fgtest::writeFile(s.sub("src/" + unit), "[Unit]");
        fgtest::writeFile(s.sub("src/other.conf"), "other");
        CliRun local = sync({q(s.sub("src/")), q(s.sub("dst/"))});
        VERIFY_EXIT(local, 0);
        QCOMPARE(fgtest::readFile(s.sub("dst/" + unit)), std::string("[Unit]"));

        FuseMount usb(FuseMount::Kind::Fat, s.path());
        if (!usb.ok()) QSKIP(qPrintable(usb.why()));
        CliRun r = sync({u"--json"_s, q(s.sub("src/")), q(usb.sub("b/"))});
        VERIFY_EXIT(r, 23);
        const auto errors = errorsOf(jsonOf(r));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.contains(q(unit)), explain(r).constData());
        QCOMPARE(fgtest::readFile(usb.sub("b/other.conf")), std::string("other"));
    }

    // A Latin-1 name (not UTF-8) and a name with an escape character are
    // legal on Linux: both are copied, the JSON stays valid (the stray byte
    // shows as U+FFFD), and the terminal gets rsync's \#ooo, not the escape.
    void oddButLegalNamesAreCopied()
    {
        ScratchDir s("fgdst");
        const std::string latin1 = "caf\xe9.txt";
        const std::string escape = "red\x1b[31m.txt";
        fgtest::writeFile(s.sub("src/" + latin1), "latin-1");
        fgtest::writeFile(s.sub("src/" + escape), "escape");
        CliRun r = sync({u"--json"_s, q(s.sub("src/")), q(s.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(s.sub("dst/" + latin1)), std::string("latin-1"));
        QCOMPARE(fgtest::readFile(s.sub("dst/" + escape)), std::string("escape"));
        QCOMPARE(jsonOf(r).value(u"files_transferred"_s).toInt(), 2);
        CliRun v = sync({u"-v"_s, q(s.sub("src/")), q(s.sub("v/"))});
        VERIFY_EXIT(v, 0);
        QVERIFY2(v.out.contains("caf\\#351.txt") && v.out.contains("red\\#033[31m.txt"), explain(v).constData());
        QVERIFY2(!v.out.contains('\x1b'), explain(v).constData());
    }

    // Into FAT and exFAT, by default: every name they cannot hold is listed
    // by the dry run and refused by the run, each with its rule and the
    // remedy (exit 23); neither of a case pair lands on the other; the rest
    // arrives, and nothing of a refused name is left behind.
    void troublesomeNamesAreListedAndRefused_data() { addKinds(); }
    void troublesomeNamesAreListedAndRefused()
    {
        QFETCH(FuseMount::Kind, kind);
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, kind, s);
        writeTroublesomeTree(s.sub("src"), kind == FuseMount::Kind::Fat);
        const QString src = q(s.sub("src/"));
        const QString dst = q(usb.sub("b/"));
        const QStringList refused = {u"a:b.txt"_s, u"what?.txt"_s, u"star*.txt"_s, u"quote\".txt"_s,
                                     u"lt<gt>.txt"_s, u"pipe|.txt"_s, u"back\\slash.txt"_s, u"trailing dot."_s,
                                     u"trailing space "_s, u"tab\tname"_s, u"CON"_s, u"nul.txt"_s, u"COM1.log"_s,
                                     u"LPT9"_s, u"AUX"_s, u"AUX/inside.txt"_s, u"dir:x"_s, u"dir:x/inside.txt"_s};

        CliRun dry = sync({u"-n"_s, u"--json"_s, src, dst});
        VERIFY_EXIT(dry, 23);
        auto errors = errorsOf(jsonOf(dry));
        for (const QString& path : refused)
            QVERIFY2(errors.value(path) == u"name-not-allowed"_s, qPrintable(path + u"\n"_s + QString::fromUtf8(explain(dry))));
        QCOMPARE(errors.value(u"Readme.md"_s), u"name-collision"_s);
        QCOMPARE(errors.value(u"README.md"_s), u"name-collision"_s);
        QVERIFY(!fgtest::exists(usb.sub("b")));

        CliRun r = sync({u"--json"_s, src, dst});
        VERIFY_EXIT(r, 23);
        errors = errorsOf(jsonOf(r));
        QCOMPARE(errors.size(), refused.size() + 2);
        for (const QString& path : refused) QVERIFY2(errors.contains(path), qPrintable(path));
        QVERIFY2(r.err.contains("CON is a reserved device name") && r.err.contains("it holds a ':'")
                     && r.err.contains("it ends in a dot") && r.err.contains("--name-mapping map"),
                 explain(r).constData());
        QStringList arrived = {u"CONFIG.sys"_s, u"COM10"_s, u"fine dir"_s, u"ok name.txt"_s};
        if (kind == FuseMount::Kind::ExFat)
            arrived += {u"Straße.txt"_s, u"quote‛d"_s, u"ＣON"_s, u"本当？.txt"_s};
        arrived.sort();
        QCOMPARE(listed(usb.sub("b")), arrived);
        QCOMPARE(fgtest::readFile(usb.sub("b/fine dir/inside.txt")), std::string("inside fine"));
        QVERIFY2(fgtest::tempFilesUnder(usb.path()).isEmpty(), qPrintable(fgtest::tempFilesUnder(usb.path()).join(u' ')));
    }

    // --name-mapping map into exFAT: every name arrives as its look-alike,
    // a case pair as the name and a suffixed one; a no-change re-sync sends
    // nothing and --delete deletes nothing; a sync back with map restores
    // the source's names and contents exactly.
    void mappedNamesComeBackExactly()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::ExFat, s);
        writeTroublesomeTree(s.sub("src"), false);
        const QString src = q(s.sub("src/"));
        const QString dst = q(usb.sub("b/"));
        CliRun r = sync({u"--json"_s, u"--name-mapping"_s, u"map"_s, src, dst});
        VERIFY_EXIT(r, 0);
        QStringList stored = listed(usb.sub("b"));
        for (const char* n : {"a：b.txt", "what？.txt", "star＊.txt", "quote＂.txt", "lt＜gt＞.txt", "pipe｜.txt",
                              "back＼slash.txt", "trailing dot．", "trailing space␠", "tab␉name", "ＣON", "ｎul.txt",
                              "Ｃ" "OM1.log", "ＬPT9", "ＡUX", "dir：x", "README.md", "Readme‛2.md", "本当‛？.txt",
                              "‛ＣON", "quote‛‛d", "Straße.txt", "CONFIG.sys", "COM10", "ok name.txt", "fine dir"})
            QVERIFY2(stored.contains(QString::fromUtf8(n)), qPrintable(QString::fromUtf8(n) + u" not in "_s + stored.join(u" | "_s)));
        QCOMPARE(stored.size(), 26);
        QCOMPARE(fgtest::readFile(usb.sub("b/Readme‛2.md")), std::string("content of Readme.md"));
        QCOMPARE(fgtest::readFile(usb.sub("b/a：b.txt")), std::string("content of a:b.txt"));

        CliRun again = sync({u"--json"_s, u"--delete"_s, u"--name-mapping"_s, u"map"_s, src, dst});
        VERIFY_EXIT(again, 0);
        QCOMPARE(jsonOf(again).value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(jsonOf(again).value(u"files_deleted"_s).toInt(), 0);
        QCOMPARE(listed(usb.sub("b")).size(), 26);

        CliRun back = sync({u"-v"_s, u"--name-mapping"_s, u"map"_s, dst, q(s.sub("back/"))});
        VERIFY_EXIT(back, 0);
        QVERIFY2((back.out + back.err).contains("written here as the names they stand for"), explain(back).constData());
        const QString diff = [&] {
            const auto a = namesAndContents(s.sub("src"));
            const auto b = namesAndContents(s.sub("back"));
            QStringList lines;
            for (const auto& [k, v] : a)
                if (!b.count(k) || b.at(k) != v) lines << u"missing or different: "_s + k;
            for (const auto& [k, v] : b)
                if (!a.count(k)) lines << u"extra: "_s + k;
            return lines.join(u'\n');
        }();
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // The same through a daemon whose module is on exFAT: the mapping and
    // the source's kind of names travel in the protocol, both ways.
    void mappedNamesThroughADaemon()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::ExFat, s);
        fgtest::PairedDaemon nas(s, usb.path());
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(s.sub("src/a:b.txt"), "colon");
        fgtest::writeFile(s.sub("src/Photo.JPG"), "upper");
        fgtest::writeFile(s.sub("src/photo.jpg"), "lower");
        fgtest::writeFile(s.sub("src/nul/x?.txt"), "inside");
        CliRun push = nas.sync({u"--name-mapping"_s, u"map"_s, q(s.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(push, 0);
        QCOMPARE(listed(usb.sub("b")), (QStringList{u"Photo.JPG"_s, u"a：b.txt"_s, u"photo‛2.jpg"_s, u"ｎul"_s}));
        QCOMPARE(fgtest::readFile(usb.sub("b/ｎul/x？.txt")), std::string("inside"));
        CliRun pull = nas.sync({u"--name-mapping"_s, u"map"_s, nas.daemon.url(u"m/b/"_s), q(s.sub("back/"))});
        VERIFY_EXIT(pull, 0);
        QCOMPARE(namesAndContents(s.sub("back")), namesAndContents(s.sub("src")));
    }

    // A source folder named without a trailing slash, whose own name needs
    // mapping ("a:b" arrives as "a：b"): --delete looks in the stored
    // folder, removes what the source lacks there and keeps the rest.
    void mappedRootFolderKeepsDeleteWorking()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::ExFat, s);
        fgtest::writeFile(s.sub("src/a:b/keep.txt"), "keep");
        fgtest::writeFile(s.sub("src/a:b/gone.txt"), "gone");
        const QStringList map = {u"--json"_s, u"--name-mapping"_s, u"map"_s};
        VERIFY_EXIT(sync(map + QStringList{q(s.sub("src/a:b")), q(usb.sub("b/"))}), 0);
        QCOMPARE(listed(usb.sub("b/a：b")), (QStringList{u"gone.txt"_s, u"keep.txt"_s}));
        QVERIFY(QFile::remove(q(s.sub("src/a:b/gone.txt"))));
        CliRun del = sync(map + QStringList{u"--delete"_s, q(s.sub("src/a:b")), q(usb.sub("b/"))});
        VERIFY_EXIT(del, 0);
        QCOMPARE(jsonOf(del).value(u"files_deleted"_s).toInt(), 1);
        QCOMPARE(listed(usb.sub("b/a：b")), QStringList{u"keep.txt"_s});
    }

    // Through a daemon whose module is on exFAT: the sender's names reach a
    // receiver that refuses the pair, and the client hears of both.
    void daemonModuleOnExfat()
    {
        ScratchDir s("fgdst");
        MOUNT_OR_SKIP(usb, FuseMount::Kind::ExFat, s);
        fgtest::PairedDaemon nas(s, usb.path());
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(s.sub("src/Report.pdf"), "new");
        fgtest::writeFile(s.sub("src/report.pdf"), "old");
        fgtest::writeFile(s.sub("src/fine.txt"), "fine");
        CliRun r = nas.sync({q(s.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 23);
        const auto errors = errorsOf(jsonOf(r));
        QCOMPARE(errors.value(u"b/Report.pdf"_s, errors.value(u"Report.pdf"_s)), u"name-collision"_s);
        QCOMPARE(listed(usb.sub("b")), QStringList{u"fine.txt"_s});
    }
};

QTEST_GUILESS_MAIN(TestDestinations)
#include "test_destinations.moc"
