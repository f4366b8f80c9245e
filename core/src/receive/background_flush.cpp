#include "receive/background_flush.h"

#include <chrono>
#include <utility>

namespace fg {
namespace {
// Big enough that a flush is worth its journal commit, small enough that the
// disk never falls far behind a fast link.
constexpr uint64_t kFlushBatchBytes = 32u << 20;
constexpr auto kCheckInterval = std::chrono::milliseconds(250);
// Less than a batch, but sitting there this long: flushed too.
constexpr int kIdleChecksBeforeFlush = 8;
} // namespace

BackgroundFlush::BackgroundFlush(platform::DirHandle dir, StageSet& stages)
    : m_dir(std::move(dir)), m_stages(stages), m_writtenAtStart(stages[StageId::Write].bytes()),
      m_thread([this] { loop(); })
{
}

BackgroundFlush::~BackgroundFlush()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    m_thread.join();
}

void BackgroundFlush::flushNow()
{
    {
        std::lock_guard lock(m_mutex);
        m_now = true;
    }
    m_cv.notify_all();
}

void BackgroundFlush::loop()
{
    // The disk's share of writing, done on this thread.
    StageTrack track(m_stages, {StageId::Write}, StageId::Write, StageState::WaitInput);
    uint64_t flushed = m_writtenAtStart;
    int waited = 0;
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_cv.wait_for(lock, kCheckInterval, [&] { return m_stop || m_now; });
        if (m_stop) break;
        const uint64_t now = m_stages[StageId::Write].bytes();
        const uint64_t pending = now - flushed;
        waited = pending > 0 ? waited + 1 : 0;
        const bool asked = std::exchange(m_now, false);
        if (!asked && pending < kFlushBatchBytes && (pending == 0 || waited < kIdleChecksBeforeFlush)) continue;
        lock.unlock();
        // Errors here are not the job's: the final flush reports them.
        {
            StageScope busy(StageId::Write);
            (void)m_dir.syncFileSystem();
        }
        flushed = now;
        waited = 0;
        lock.lock();
    }
}

} // namespace fg
