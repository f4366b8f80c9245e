#include "send/scheduler.h"

#include <algorithm>

namespace fg {

namespace {
constexpr uint64_t MiB = 1 << 20;
// Up to this size a file goes whole on one stream: cutting it buys little
// and costs a ChunkEnd per piece.
constexpr uint64_t kWholeFileMax = 8 * MiB;
// Chunks between these sizes: at least 4 per stream for a big file, so the
// last ones balance the streams' finish; not so small that a chunk's per-piece
// costs (an open, a ChunkEnd, a hash) show.
constexpr uint64_t kMinChunk = 4 * MiB;
constexpr uint64_t kMaxChunk = 64 * MiB;
constexpr unsigned kChunksPerStream = 4;
} // namespace

Scheduler::Scheduler(uint64_t chunkSize, unsigned streams) : m_chunkSize(chunkSize), m_streams(std::max(1u, streams)) {}

uint64_t Scheduler::chunkSizeFor(uint64_t fileSize) const
{
    if (m_chunkSize > 0) return fileSize > m_chunkSize ? m_chunkSize : 0;
    if (fileSize <= kWholeFileMax) return 0;
    uint64_t target = fileSize / (uint64_t(m_streams) * kChunksPerStream);
    target = (target + MiB - 1) / MiB * MiB;
    return std::clamp(target, kMinChunk, kMaxChunk);
}

void Scheduler::expectLocked(uint32_t index)
{
    if (index >= m_state.size()) m_state.resize(size_t(index) + 1, 0);
    if (m_state[index] == kNever) {
        m_state[index] = kPending;
        ++m_pending;
    }
}

void Scheduler::expect(uint32_t index)
{
    std::lock_guard lock(m_mutex);
    expectLocked(index);
}

uint32_t Scheduler::addDelta(uint32_t index, uint64_t size)
{
    // Segments are cut like chunks, so a big file's matching runs on every
    // stream's worker at once; a file too small to chunk is one segment.
    const uint64_t chunk = std::max<uint64_t>(1, chunkSizeFor(size) ? chunkSizeFor(size) : size);
    const auto count = uint32_t(std::max<uint64_t>(1, (size + chunk - 1) / chunk));
    std::lock_guard lock(m_mutex);
    expectLocked(index);
    if (!pendingLocked(index)) return count; // settled meanwhile
    for (uint32_t c = 0; c < count; ++c) {
        const uint64_t offset = uint64_t(c) * chunk;
        m_chunks.push_back(WorkItem{index, offset, std::min(chunk, size - offset), c, count, true});
    }
    m_cv.notify_all();
    return count;
}

uint32_t Scheduler::add(uint32_t index, uint64_t size)
{
    const uint64_t chunk = chunkSizeFor(size);
    std::lock_guard lock(m_mutex);
    expectLocked(index);
    if (chunk == 0) {
        m_whole.push_back(Whole{size, index});
        m_cv.notify_one();
        return 0;
    }
    const auto count = uint32_t((size + chunk - 1) / chunk);
    for (uint32_t c = 0; c < count; ++c) {
        uint64_t offset = uint64_t(c) * chunk;
        m_chunks.push_back(WorkItem{index, offset, std::min(chunk, size - offset), c, count});
    }
    m_cv.notify_all();
    return count;
}

void Scheduler::closeInput()
{
    std::lock_guard lock(m_mutex);
    m_inputClosed = true;
    m_cv.notify_all();
}

bool Scheduler::resolved(uint32_t index)
{
    std::lock_guard lock(m_mutex);
    if (!pendingLocked(index)) return false;
    std::erase_if(m_held, [index](const Held& h) { return h.index == index; });
    const bool wasOut = m_state[index] == kOut;
    m_state[index] = kSettled;
    // A place in the window, or the end: a worker may be waiting for either.
    if (wasOut && m_out-- == kMaxFilesOut) m_cv.notify_all();
    if (--m_pending == 0 && m_inputClosed) m_cv.notify_all();
    return true;
}

void Scheduler::requeue(const std::vector<WorkItem>& items)
{
    std::lock_guard lock(m_mutex);
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        if (!pendingLocked(it->index)) continue;
        WorkItem again = *it;
        again.resent = true;
        if (again.chunks && !again.delta) {
            // The end game may have cut it since it was handed out: only
            // what its holder kept goes again. One never started (a worker
            // took it and stopped first) left no frames behind, so it may
            // still be cut.
            if (auto held = heldLocked(again.index, again.offset); held != m_held.end()) {
                again.length = held->end - held->offset;
                again.resent = held->resent || held->claimed > held->offset;
                m_held.erase(held);
            }
        }
        if (again.chunks || again.delta) m_chunks.push_front(again);
        else m_whole.push_front(Whole{again.length, again.index});
    }
    m_cv.notify_all();
}

bool Scheduler::handOutLocked(uint32_t index)
{
    if (m_state[index] == kOut) return true;
    if (m_out >= kMaxFilesOut) return false;
    m_state[index] = kOut;
    ++m_out;
    return true;
}

std::optional<WorkItem> Scheduler::takeLocked()
{
    // Work of files settled meanwhile is dropped (a chunk of a file that
    // failed); work that would start a file past the window waits, in order.
    while (!m_chunks.empty()) {
        const WorkItem item = m_chunks.front();
        if (!pendingLocked(item.index)) {
            m_chunks.pop_front();
            continue;
        }
        if (!handOutLocked(item.index)) return std::nullopt;
        m_chunks.pop_front();
        if (!item.delta) holdLocked(item);
        return item;
    }
    while (!m_whole.empty()) {
        const Whole file = m_whole.front();
        if (!pendingLocked(file.index)) {
            m_whole.pop_front();
            continue;
        }
        if (!handOutLocked(file.index)) return std::nullopt;
        m_whole.pop_front();
        return WorkItem{file.index, 0, file.size, 0, 0};
    }
    if (m_inputClosed) return cutLocked();
    return std::nullopt;
}

std::optional<WorkItem> Scheduler::cutLocked()
{
    auto most = m_held.end();
    for (auto it = m_held.begin(); it != m_held.end(); ++it) {
        if (!it->sending || it->resent || !pendingLocked(it->index)) continue;
        if (it->end - it->claimed < 2 * kMinCutPiece) continue;
        if (most == m_held.end() || it->end - it->claimed > most->end - most->claimed) most = it;
    }
    if (most == m_held.end()) return std::nullopt;
    // Half of what its holder has not sent yet, from a page boundary.
    constexpr uint64_t kPage = 4096;
    const uint64_t cut = (most->claimed + (most->end - most->claimed) / 2) / kPage * kPage;
    const WorkItem piece{most->index, cut, most->end - cut, 0, most->chunks};
    most->end = cut;
    most->cut = true;
    holdLocked(piece);
    return piece;
}

void Scheduler::holdLocked(const WorkItem& chunk)
{
    // A resend's hand-out replaces what its broken holder left.
    if (auto held = heldLocked(chunk.index, chunk.offset); held != m_held.end()) m_held.erase(held);
    m_held.push_back(Held{chunk.index, chunk.offset, chunk.offset + chunk.length, chunk.offset, chunk.chunks, true,
                          false, chunk.resent});
}

std::vector<Scheduler::Held>::iterator Scheduler::heldLocked(uint32_t index, uint64_t offset)
{
    return std::find_if(m_held.begin(), m_held.end(),
                        [&](const Held& h) { return h.index == index && h.offset == offset; });
}

uint64_t Scheduler::claim(const WorkItem& item, uint64_t position, uint64_t most)
{
    std::lock_guard lock(m_mutex);
    auto held = heldLocked(item.index, item.offset);
    // Gone: its file settled (failed elsewhere) and its cuts with it, so its
    // end as handed out may now be another stream's piece: nothing more.
    if (held == m_held.end()) return 0;
    const uint64_t n = position < held->end ? std::min(most, held->end - position) : 0;
    held->claimed = position + n;
    return n;
}

void Scheduler::chunkSent(const WorkItem& item)
{
    std::lock_guard lock(m_mutex);
    auto held = heldLocked(item.index, item.offset);
    if (held == m_held.end()) return;
    if (held->cut) held->sending = false;
    else m_held.erase(held);
}

size_t Scheduler::filesOut() const
{
    std::lock_guard lock(m_mutex);
    return m_out;
}

std::optional<WorkItem> Scheduler::tryNext()
{
    std::lock_guard lock(m_mutex);
    if (m_aborted) return std::nullopt;
    return takeLocked();
}

std::optional<WorkItem> Scheduler::next()
{
    bool timedOut = false;
    return waitNext(std::nullopt, &timedOut);
}

std::optional<WorkItem> Scheduler::next(std::chrono::milliseconds patience, bool* timedOut)
{
    return waitNext(std::chrono::steady_clock::now() + patience, timedOut);
}

std::optional<WorkItem> Scheduler::waitNext(std::optional<std::chrono::steady_clock::time_point> deadline,
                                            bool* timedOut)
{
    *timedOut = false;
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_aborted) return std::nullopt;
        if (auto item = takeLocked()) return item;
        if (m_inputClosed && m_pending == 0) return std::nullopt;
        // Out of work (or of room in the window) but files still
        // unsettled: a stream may yet break and hand its in-flight work
        // back, so wait rather than finish.
        if (!deadline) {
            m_cv.wait(lock);
        } else if (m_cv.wait_until(lock, *deadline) == std::cv_status::timeout) {
            if (m_aborted) return std::nullopt;
            if (auto item = takeLocked()) return item;
            if (m_inputClosed && m_pending == 0) return std::nullopt;
            *timedOut = !m_aborted;
            return std::nullopt;
        }
    }
}

void Scheduler::abort()
{
    std::lock_guard lock(m_mutex);
    m_aborted = true;
    m_cv.notify_all();
}

bool Scheduler::unresolved(uint32_t index) const
{
    std::lock_guard lock(m_mutex);
    return pendingLocked(index);
}

bool Scheduler::finished() const
{
    std::lock_guard lock(m_mutex);
    return m_inputClosed && m_pending == 0;
}

} // namespace fg
