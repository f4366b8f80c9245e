#pragma once
#include "internal.h"
// The work of a sender, handed out to its workers (one per stream) as each is
// ready for more: pull-based, so a slow stream takes less and all streams run
// dry together. Big files are cut into chunks that go out first, on any
// stream; small files fill the gaps and the tail.
//
// The end game: once nothing is left to hand out, a stream that runs dry
// takes the unsent second half of the chunk with the most left on another
// stream (a slow connection's share shrinks instead of setting the job's
// end). The chunk's holder asks before each piece how far it may go
// (claim()), so a cut never falls behind what it has sent.
//
// At most kMaxFilesOut files are out at once: handed out and not yet settled
// (the receiver has not said done or failed). Whatever its bytes, each file
// out costs its bookkeeping on both ends until then, and with tiny files the
// sender can run a million files ahead of the receiver's disk.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace fg {

struct WorkItem {
    uint32_t index = 0;   // the file, by its place in the list
    uint64_t offset = 0;  // chunks: where this chunk starts
    uint64_t length = 0;  // chunks: its length; whole files: the listed size
    // Delta segments: which one (0-based) and how many. Data chunks: the
    // count the file was cut into at first (> 0 says "a chunk"); the end
    // game may cut it further, so a file's chunks are told apart by offset.
    uint32_t chunk = 0;
    uint32_t chunks = 0;  // 0: the file goes whole
    bool delta = false;   // a segment of a delta: instructions against the receiver's old copy
    // Sent again after its stream broke: never cut further, because frames
    // of the cut-short copy may still reach the receiver past a new cut
    // (chunk_ledger.h settles only copies that start where it starts).
    bool resent = false;
};

class Scheduler {
public:
    // Enough files out to keep a 141 ms link busy with small files (65,536
    // of 4 KiB are 256 MiB, thirty times that link's bandwidth-delay
    // product) and a second of the receiver's work with tiny ones, for some
    // 15 MiB of bookkeeping on each end.
    static constexpr size_t kMaxFilesOut = 65536;

    // chunkSize 0 picks one from each file's size and the number of streams.
    Scheduler(uint64_t chunkSize, unsigned streams);

    // A wanted file; returns the chunk count (0 = whole).
    uint32_t add(uint32_t index, uint64_t size);
    // A wanted file whose work comes later (a delta waiting for the
    // receiver's signature): the schedule is not finished before it is.
    void expect(uint32_t index);
    // A file that goes as a delta, cut into segments like chunks (at least
    // one; each is matched and sent on its own); returns their count.
    uint32_t addDelta(uint32_t index, uint64_t size);
    // The plan is complete: no more files.
    void closeInput();
    // The file is settled (done or failed): none of it is sent again. True
    // the first time, so a file is reported settled once.
    bool resolved(uint32_t index);
    // Work that was on a stream that broke: sent again, first.
    void requeue(const std::vector<WorkItem>& items);
    // The next piece of work; blocks while there is none yet, or while
    // kMaxFilesOut files are out and it would start another. nullopt once
    // every file is settled (or after abort()).
    std::optional<WorkItem> next();
    // The same, waiting at most `patience`: nullopt with *timedOut set if
    // nothing came by then (a worker looks at its stream meanwhile).
    std::optional<WorkItem> next(std::chrono::milliseconds patience, bool* timedOut);
    // The next piece of work if one is ready now.
    std::optional<WorkItem> tryNext();
    // Files handed out and not settled yet.
    size_t filesOut() const;
    void abort();
    bool unresolved(uint32_t index) const;
    // True once the input is closed and every file is settled.
    bool finished() const;

    uint64_t chunkSizeFor(uint64_t fileSize) const;

    // The holder of a data chunk is about to send the piece at `position`
    // (absolute offset): how many bytes it may send, at most `most`; 0 once
    // the chunk ends there (it may have been cut short for another stream)
    // or its file is settled (then unresolved() says so).
    uint64_t claim(const WorkItem& item, uint64_t position, uint64_t most);
    // The data chunk is sent (its end is where claim() said 0): no longer cut.
    void chunkSent(const WorkItem& item);

    // The end game's pieces are at least a frame (proto::kMaxDataPayload)
    // long: a cut costs only an open, a ChunkEnd and a hash, and what the
    // slowest connection keeps is what sets the job's end (on a connection
    // with 1.5 Mbit/s of a path, 2 MiB would be 11 s).
    static constexpr uint64_t kMinCutPiece = 256 << 10;

private:
    // Per file (by index). A byte a file instead of a hash set: a
    // ten-million-file job stays small.
    enum State : uint8_t { kNever = 0, kPending = 1, kSettled = 2, kOut = 3 };
    // A file that goes whole, as it waits: all a WorkItem of it says, in a
    // third of the room (a slow link's sender may hold the whole plan).
    struct [[gnu::packed]] Whole {
        uint64_t size;
        uint32_t index;
    };

    // A data chunk handed out and not yet sent (or cut short and sent: then
    // kept until its file settles, so a resend after its stream broke takes
    // only what it still holds).
    struct Held {
        uint32_t index;
        uint64_t offset;
        uint64_t end;     // moves back when the end game cuts it
        uint64_t claimed; // how far its holder has gone
        uint32_t chunks;  // WorkItem::chunks, for the pieces cut from it
        bool sending;     // false once sent
        bool cut;         // the end game took part of it
        bool resent;      // see WorkItem::resent
    };

    std::optional<WorkItem> takeLocked();
    // next(): without a deadline, waits until there is work or none is left.
    std::optional<WorkItem> waitNext(std::optional<std::chrono::steady_clock::time_point> deadline, bool* timedOut);
    // Cuts the unsent rest of the held chunk with the most left, if worth it.
    std::optional<WorkItem> cutLocked();
    std::vector<Held>::iterator heldLocked(uint32_t index, uint64_t offset);
    // Records a data chunk as handed out, its holder at its start.
    void holdLocked(const WorkItem& chunk);
    // Marks the file of a piece handed out; false if the window is full and
    // the file is not out already (then the piece waits).
    bool handOutLocked(uint32_t index);
    void expectLocked(uint32_t index);
    bool pendingLocked(uint32_t index) const
    {
        return index < m_state.size() && (m_state[index] == kPending || m_state[index] == kOut);
    }

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<WorkItem> m_chunks; // first: big work starts early on every stream
    std::deque<Whole> m_whole;
    std::vector<uint8_t> m_state;
    // A few per stream: the chunks on their way and those cut short.
    std::vector<Held> m_held;
    size_t m_pending = 0;
    size_t m_out = 0; // files in state kOut
    uint64_t m_chunkSize;
    unsigned m_streams;
    bool m_inputClosed = false;
    bool m_aborted = false;
};

} // namespace fg
