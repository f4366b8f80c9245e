// The flush that runs while data arrives (--fsync end): it waits while
// nothing is written, flushes once a batch's worth is, or when some has sat
// for a while, and at once when asked; its time is the write stage's.

#include "metrics/stage_track.h"
#include "receive/background_flush.h"

#include "test_support.h"

#include <QTest>

#include <memory>

using namespace fg;
using fgtest::ScratchDir;

namespace {
uint64_t flushTime(const StageSet& stages) { return stages.snapshotOf(StageId::Write).busyNs; }

// A flush of the scratch folder's file system, counting into `stages`.
std::unique_ptr<BackgroundFlush> flushOf(const ScratchDir& d, StageSet& stages)
{
    auto dir = platform::DirHandle::open(d.path());
    if (!dir.ok()) qFatal("cannot open %s", d.path().c_str());
    return std::make_unique<BackgroundFlush>(std::move(dir).value(), stages);
}
} // namespace

class TestBackgroundFlush : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nothingWrittenNothingFlushed()
    {
        ScratchDir d;
        StageSet stages;
        {
            auto flush = flushOf(d, stages);
            QTest::qWait(700);
            QCOMPARE(flushTime(stages), uint64_t(0));
            // Its thread counts as the write stage's, waiting for input.
            QVERIFY(stages.snapshotOf(StageId::Write).waitInputNs > 0);
        }
    }

    void aBatchIsFlushedWithoutWaiting()
    {
        ScratchDir d;
        StageSet stages;
        auto flush = flushOf(d, stages);
        stages[StageId::Write].addBytes(40u << 20); // more than a batch
        QTRY_VERIFY_WITH_TIMEOUT(flushTime(stages) > 0, 2000);
    }

    void aSmallRemainderIsFlushedAfterAWhileOrWhenAsked()
    {
        ScratchDir d;
        StageSet stages;
        {
            auto flush = flushOf(d, stages);
            stages[StageId::Write].addBytes(1u << 20);
            QTest::qWait(600);
            QCOMPARE(flushTime(stages), uint64_t(0)); // not yet: less than a batch, not for long
            QTRY_VERIFY_WITH_TIMEOUT(flushTime(stages) > 0, 5000);
        }
        StageSet asked;
        auto flush = flushOf(d, asked);
        asked[StageId::Write].addBytes(1u << 20);
        flush->flushNow();
        QTRY_VERIFY_WITH_TIMEOUT(flushTime(asked) > 0, 1000);
    }
};

QTEST_GUILESS_MAIN(TestBackgroundFlush)
#include "test_background_flush.moc"
