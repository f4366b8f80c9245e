#include "plan/planner.h"
#include "role/transfer_method.h"

#include <QTest>

using fg::Decision;
using fg::FileAction;
using fg::FileEntry;
using fg::PlanRules;
using fg::TargetState;
using fg::platform::FileType;

namespace {

FileEntry file(uint64_t size, int64_t mtime, uint32_t mode = 0644)
{
    FileEntry e;
    e.path = "f";
    e.type = FileType::Regular;
    e.size = size;
    e.mtimeNs = mtime;
    e.mode = mode;
    return e;
}

TargetState target(FileType type, uint64_t size = 0, int64_t mtime = 0, uint32_t mode = 0644)
{
    TargetState t;
    t.type = type;
    t.size = size;
    t.mtimeNs = mtime;
    t.mode = mode;
    return t;
}

} // namespace

class TestPlanner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void missingTargetIsCopied()
    {
        QCOMPARE(fg::decide(file(10, 1), std::nullopt, {}).action, FileAction::Copy);
    }

    void quickCheckBySizeAndTime()
    {
        PlanRules rules;
        QCOMPARE(fg::decide(file(10, 100), target(FileType::Regular, 10, 100), rules).action, FileAction::Unchanged);
        QCOMPARE(fg::decide(file(10, 100), target(FileType::Regular, 11, 100), rules).action, FileAction::Update);
        QCOMPARE(fg::decide(file(10, 100), target(FileType::Regular, 10, 101), rules).action, FileAction::Update);
    }

    // rsync's --append: a copy as long as the source or longer is skipped.
    void appendVerifySkipsWhatIsNotShorter()
    {
        PlanRules rules;
        rules.compare.appendVerify = true;
        auto d = fg::decide(file(10, 100), target(FileType::Regular, 10, 50), rules);
        QCOMPARE(d.action, FileAction::Unchanged);
        QVERIFY(d.skipped);
        QVERIFY(fg::decide(file(10, 100), target(FileType::Regular, 12, 50), rules).skipped);
        QCOMPARE(fg::decide(file(10, 100), target(FileType::Regular, 4, 50), rules).action, FileAction::Update);
        QCOMPARE(fg::decide(file(10, 100), std::nullopt, rules).action, FileAction::Copy);
    }

    void modifyWindowToleratesCoarseClocks()
    {
        PlanRules rules;
        rules.modifyWindowNs = 2'000'000'000;
        auto d = fg::decide(file(10, 10'000'000'000), target(FileType::Regular, 10, 11'999'999'999), rules);
        QCOMPARE(d.action, FileAction::Unchanged);
        d = fg::decide(file(10, 10'000'000'000), target(FileType::Regular, 10, 12'000'000'001), rules);
        QCOMPARE(d.action, FileAction::Update);
    }

    void modeOnlyChangeIsAttrs()
    {
        auto d = fg::decide(file(10, 100, 0600), target(FileType::Regular, 10, 100, 0644), {});
        QCOMPARE(d.action, FileAction::Attrs);
    }

    void checksumComparesContent()
    {
        PlanRules rules;
        rules.checksum = true;
        FileEntry src = file(4, 100);
        src.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "abcd", 4);
        TargetState same = target(FileType::Regular, 4, 100);
        QVERIFY(fg::needsTargetHash(src, same, rules));
        same.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "abcd", 4);
        QCOMPARE(fg::decide(src, same, rules).action, FileAction::Unchanged);
        TargetState other = target(FileType::Regular, 4, 100);
        other.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "abce", 4);
        QCOMPARE(fg::decide(src, other, rules).action, FileAction::Update);
        // Same content, other time: only the time is fixed.
        TargetState older = target(FileType::Regular, 4, 50);
        older.hash = fg::digestOf(fg::ChecksumChoice::Xxh128, "abcd", 4);
        QCOMPARE(fg::decide(src, older, rules).action, FileAction::Attrs);
        // Different sizes need no hash at all.
        QVERIFY(!fg::needsTargetHash(src, target(FileType::Regular, 5, 100), rules));
    }

    void directories()
    {
        FileEntry dir;
        dir.path = "d";
        dir.type = FileType::Directory;
        dir.mode = 0755;
        QCOMPARE(fg::decide(dir, std::nullopt, {}).action, FileAction::MkDir);
        QCOMPARE(fg::decide(dir, target(FileType::Directory, 0, 5, 0755), {}).action, FileAction::Unchanged);
        QCOMPARE(fg::decide(dir, target(FileType::Directory, 0, 5, 0700), {}).action, FileAction::Attrs);
        Decision replace = fg::decide(dir, target(FileType::Regular, 3), {});
        QCOMPARE(replace.action, FileAction::MkDir);
        QVERIFY(replace.replaceTarget);
    }

    void directoryInTheWayNeedsDelete()
    {
        Decision kept = fg::decide(file(1, 1), target(FileType::Directory), {});
        QCOMPARE(kept.action, FileAction::Unchanged);
        QVERIFY(kept.refusal.find("--delete") != std::string::npos);
        PlanRules rules;
        rules.deleteExtraneous = true;
        Decision replaced = fg::decide(file(1, 1), target(FileType::Directory), rules);
        QCOMPARE(replaced.action, FileAction::Update);
        QVERIFY(replaced.replaceTarget);
        QVERIFY(replaced.refusal.empty());
    }

    void symlinks()
    {
        FileEntry link;
        link.path = "l";
        link.type = FileType::Symlink;
        link.linkTarget = "a/b";
        QCOMPARE(fg::decide(link, std::nullopt, {}).action, FileAction::Symlink);
        TargetState same = target(FileType::Symlink);
        same.linkTarget = "a/b";
        QCOMPARE(fg::decide(link, same, {}).action, FileAction::Unchanged);
        TargetState other = target(FileType::Symlink);
        other.linkTarget = "elsewhere";
        QCOMPARE(fg::decide(link, other, {}).action, FileAction::Symlink);
        QCOMPARE(fg::decide(link, target(FileType::Regular, 4), {}).action, FileAction::Symlink);
        // A file replacing a link: the link is renamed over, never followed.
        QCOMPARE(fg::decide(file(3, 3), target(FileType::Symlink), {}).action, FileAction::Update);
    }

    void wholeOrDeltaIsChosenPerFile()
    {
        using fg::proto::WireMethod;
        fg::MethodInputs in;
        in.newSize = 10 << 20;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeNew)); // nothing to take differences from
        in.oldSize = 10 << 20;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::Delta));
        in.localCopy = true;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeLocal));
        in.mode = fg::WholeFileMode::Never;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::Delta)); // asked for, even locally
        in.mode = fg::WholeFileMode::Always;
        in.localCopy = false;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeOption));
        in.mode = fg::WholeFileMode::Auto;
        in.newSize = 1000;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeSmall));
        in.newSize = 10 << 20;
        // The link outruns reading the old copy here: whole is quicker.
        in.linkBytesPerSec = 900e6;
        in.basisReadBytesPerSec = 150e6;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeFastLink));
        in.linkBytesPerSec = 50e6;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::Delta));

        // --append-verify: the rest as a delta even where whole would be picked.
        in.append = true;
        in.linkBytesPerSec = 900e6;
        in.localCopy = true;
        in.newSize = 1000;
        in.oldSize = 500;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::Delta));
        in.mode = fg::WholeFileMode::Always;
        QCOMPARE(int(fg::chooseMethod(in)), int(WireMethod::WholeOption));
        in = fg::MethodInputs{};

        fg::PlanItem item;
        fg::describeMethod(WireMethod::WholeFastLink, item);
        QCOMPARE(int(item.method), int(fg::TransferMethod::Whole));
        QVERIFY(std::string(item.methodReason).find("faster") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPlanner)
#include "test_planner.moc"
