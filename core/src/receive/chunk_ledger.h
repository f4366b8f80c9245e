#pragma once
// What has arrived of one file being received, chunk by chunk, and whether
// it adds up to what the sender read. A file sent whole is one chunk at
// offset 0; a big file comes as chunks, each on one link, in any order
// across links; a chunk whose link broke is sent again from its start,
// possibly on another link, while frames of the cut-short copy are still on
// their way. The ledger knows nothing of the disk: the writers write, then
// tell it; where only the disk can settle a question (a chunk two links
// carried), it asks the caller.
//
// Not thread-safe as a whole: the receiver holds the file's lock around
// every call. A ChunkProgress is its writer's: other threads only read
// `next` and `hashed`.

#include "codec/hash.h"
#include "proto/messages.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace fg {

// One chunk being received: its frames come in order on one link.
struct ChunkProgress {
    explicit ChunkProgress(ChecksumChoice checksum) : hasher(checksum) {}
    Hasher hasher; // its writer's only
    // The offset the next frame must have: its writer moves it, the others
    // read it. A delta's first pass may leave stretches to its second.
    std::atomic<uint64_t> next{0};
    // How far the chunk is hashed, in order: `next` for data; for a delta
    // where its second pass has filled in (the next fill frame's offset).
    std::atomic<uint64_t> hashed{0};
    // Another link carries the same chunk: one of them is a resend after a
    // stream broke, and frames of the cut-short one still in flight may have
    // overwritten the resend's bytes on disk, so the winner is checked
    // against the disk, not just against what it hashed on the way in.
    bool contested = false;
};

// What a chunk's or a file's end comes to.
struct ChunkVerdict {
    enum class Kind : uint8_t {
        Ignored,    // the end of a chunk cut short, or of a resend of a verified one
        Incomplete, // fine so far; the file is not whole yet
        Verified,   // the file is whole and matches: commit it
        Mismatch,   // the data does not match what the sender read: `what` says which part
        Protocol,   // the sender broke the protocol: `what` is the error
    };
    Kind kind = Kind::Incomplete;
    std::string what;
};

class ChunkLedger {
public:
    // Hashes the region [offset, offset + length) as it is on disk now and
    // says whether it matches.
    using DiskCheck = std::function<bool(uint64_t offset, uint64_t length, const Digest& hash)>;

    explicit ChunkLedger(ChecksumChoice checksum) : m_checksum(checksum) {}

    // The chunk a Data or Delta frame at `offset` on `link` belongs to;
    // `start` opens one (a new chunk, or a resend from its start); `fill`
    // is a delta segment's second pass. nullptr: the frame is to be
    // dropped (its chunk is verified already, or was overtaken by a resend).
    std::shared_ptr<ChunkProgress> chunkFor(uint64_t offset, uint16_t link, bool start, bool fill = false);

    // The file's data received so far: verified chunks and each open chunk's
    // hashed prefix (a chunk two links carry counts once).
    uint64_t bytesArrived() const;

    // A chunk's end (ChunkEnd): checked, and recorded when it matches.
    // `target` names the file in messages. Verified only when it was the
    // file's last piece after its FileEnd.
    ChunkVerdict endChunk(const proto::ChunkEndMsg& end, uint16_t link, std::string_view target,
                          const DiskCheck& onDisk);

    // A chunked file's end (FileEnd with chunks > 0): its size, chunk count
    // and tree hash; the chunks may still be coming.
    ChunkVerdict endChunked(const proto::FileEndMsg& end);

    // A file sent whole (FileEnd with chunks == 0), whose frames came on
    // `link`. `onDisk` is asked to check the whole file when another link
    // also carried it (it should cut the file to `end.size` first: a
    // cut-short copy may have written past it).
    ChunkVerdict endWhole(const proto::FileEndMsg& end, uint16_t link, const DiskCheck& onDisk);

    // The file's end as the sender gave it (once it came).
    const std::optional<proto::FileEndMsg>& end() const { return m_end; }

private:
    // Chunks are told apart by start offset and the link their frames come
    // on: frames of a cut-short chunk can arrive after its resend started.
    using Key = std::pair<uint64_t, uint16_t>;

    ChunkVerdict completeIfDone() const;

    const ChecksumChoice m_checksum;
    std::map<Key, std::shared_ptr<ChunkProgress>> m_open;
    std::map<uint64_t, std::pair<uint64_t, Digest>> m_verified; // start -> (length, hash)
    uint64_t m_verifiedBytes = 0;
    std::optional<proto::FileEndMsg> m_end; // a chunked file's end, once it came
};

} // namespace fg
