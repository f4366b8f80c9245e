#pragma once
#include "internal.h"
// The protocol's messages: one struct per frame type, each with encode() and a
// decode() that validates every field. See docs/PROTOCOL.md for the sequence.

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "codec/hash.h"
#include "diagnosis/evidence_window.h"
#include "proto/frame.h"
#include "proto/wire.h"

#include <floodgate/error.h>
#include <floodgate/metrics.h>
#include <floodgate/options.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fg::proto {

// 4: zstd payloads are pieces of one stream per connection (3: each on its
// own), and digests carry their size for --checksum-choice.
// 7: a delta segment goes in two passes (copies, then literals; kDeltaFill).
// 10: Stats names stages by id and carries each one's lifetime.
// 11: Stats carries each end's machine and its connections' TCP_INFO.
// 12: `floodgate probe` (ProbeRequest and what follows it, probe/probe_messages.h).
// 14: --name-mapping (JobRequest, last) and whether the source's names are
// Windows' (FileListBegin).
// 15: --snapshot and its retention (JobRequest, last).
// 16: plan items and deletions carry what the destination holds.
// 17: tree summaries (TreeSummary, FileListSame): an unchanged subtree is
// not listed again.
// 18: file list batches may be compressed (proto/compressed_frames.h), and a
// SmallFile frame leaves out the time and mode its list entry gave (kSmallFileAsListed),
// and JobAccept says which machine the server is (role/same_machine.h).
inline constexpr uint16_t kProtocolVersion = 18;
inline constexpr uint64_t kHelloMagic = 0x3154414744464C46ull; // "FLDFGAT1"
// Hello capabilities. PlainData: this end can carry a session's data
// connections unencrypted after their TLS join (--cipher none); a client
// relies on it only when the server's Hello has it.
inline constexpr uint64_t kCapPlainData = 1;

enum class MsgType : uint16_t {
    Hello = 1,
    Error = 2,
    PairRequest = 3,
    PairResult = 4,
    JobRequest = 5,
    JobAccept = 6,
    FileListBegin = 10,
    FileListBatch = 11,
    FileListEnd = 12,
    TreeSummary = 16,
    FileListSame = 17,
    TreeRoot = 18,
    PlanBatch = 13,
    DeleteBatch = 14,
    PlanEnd = 15,
    Data = 20,
    FileEnd = 21,
    FileFailed = 22,
    FileDone = 23,
    SenderDone = 24,
    Notice = 25,
    SmallFile = 26,
    ChunkEnd = 27,
    Delta = 28,
    Signature = 34,
    JoinStream = 7,
    StreamAccepted = 8,
    StreamsReady = 9,
    Stats = 30,
    JobDone = 31,
    Cancel = 32,
    RateChange = 33,
    ProbeRequest = 40,
    ProbePhase = 41,
    ProbeFill = 42,
    ProbePhaseResult = 43,
    ProbeMachine = 44,
};

const char* msgTypeName(uint16_t type);

// File types on the wire (stable values).
enum class WireFileType : uint8_t { Regular = 0, Directory = 1, Symlink = 2 };

// Plan actions on the wire (stable values; match fg::FileAction's meaning).
// Same (since version 8): the receiver has the file as it is; said only
// with --remove-source-files, so the sender may remove it.
enum class WireAction : uint8_t { Copy = 0, Update = 1, Attrs = 2, MkDir = 3, Symlink = 4, Same = 5 };

// Why a file goes whole or as a delta (stable values; see TransferMethod).
enum class WireMethod : uint8_t {
    Whole = 0,       // no reason given (attributes, directories, links)
    WholeNew = 1,    // the receiver has no old copy
    WholeSmall = 2,  // too small for a delta to pay
    WholeLocal = 3,  // both ends on this machine
    WholeOption = 4, // -W
    WholeFastLink = 5, // the link outruns reading the old copy here
    Delta = 6,       // a signature of the old copy follows; send differences
    DeltaResume = 7, // the same, against what an interrupted run left (a copy or an update)
    WholeInPlace = 8, // --inplace: whole, over the old copy (a delta would read what it overwrites)
};

struct HelloMsg {
    static constexpr MsgType kType = MsgType::Hello;
    uint64_t magic = kHelloMagic;
    uint16_t versionMin = kProtocolVersion;
    uint16_t versionMax = kProtocolVersion;
    uint64_t capabilities = 0;
    std::string software; // "floodgate 0.1.0"
    void encode(WireWriter& w) const;
    static Result<HelloMsg> decode(WireReader& r);
};

struct ErrorMsg {
    static constexpr MsgType kType = MsgType::Error;
    Errc code = Errc::Internal;
    std::string message;
    void encode(WireWriter& w) const;
    static Result<ErrorMsg> decode(WireReader& r);
};

// The code itself never travels: the client proves it knows it with an HMAC
// bound to both ends' certificate fingerprints, and the server answers with
// its own proof, so a machine in the middle learns nothing it can replay.
struct PairRequestMsg {
    static constexpr MsgType kType = MsgType::PairRequest;
    std::string proof;
    std::string clientName;
    void encode(WireWriter& w) const;
    static Result<PairRequestMsg> decode(WireReader& r);
};

struct PairResultMsg {
    static constexpr MsgType kType = MsgType::PairResult;
    bool ok = false;
    std::string message;
    std::string proof;
    void encode(WireWriter& w) const;
    static Result<PairResultMsg> decode(WireReader& r);
};

enum class Direction : uint8_t {
    Push = 0, // the client sends, the server receives
    Pull = 1, // the server sends, the client receives
};

// A session's name for its data connections: the client picks it at random
// and joins them with it right away (JoinStream), before the job is accepted.
using SessionToken = std::array<uint8_t, 16>;

struct JobRequestMsg {
    static constexpr MsgType kType = MsgType::JobRequest;
    Direction direction = Direction::Push;
    // Daemon: "MODULE" or "MODULE/path"; stdio: the path as the user typed it.
    // A trailing '/' keeps its rsync meaning.
    std::string path;
    // What both ends act on, the user's options as they are (the encoding
    // below spreads them over the message, in the order fields came).
    TransferOptions transfer;
    uint64_t bwlimit = 0;   // the rate in force now (a timetable's changes follow in RateChange)
    uint16_t streams = 0;   // data connections the client will open (daemon only)
    bool plainData = false; // --cipher none: data connections drop TLS once joined (a flag bit)
    // The data connections' session token (streams > 0); after the checksum
    // choice.
    SessionToken token{};
    // Since version 9, last: --timeout (u32 s, 0 = the default), which the
    // server keeps too, so that a client gone silent does not hold its
    // session for ever; and the session this job resumes after its
    // connections dropped (u8 1 + its token, or u8 0): the server ends that
    // one first, so its half-received file is free to resume.
    uint32_t ioTimeoutSec = 0;
    std::optional<SessionToken> resumes;
    // Since version 14, last: --name-mapping (u8), in `transfer`.
    void encode(WireWriter& w) const;
    static Result<JobRequestMsg> decode(WireReader& r);
};

// The most data connections one session may have.
inline constexpr uint16_t kMaxStreams = 32;

struct JobAcceptMsg {
    static constexpr MsgType kType = MsgType::JobAccept;
    std::string serverSoftware;
    // For data connections: each joins the session with this token.
    SessionToken token{};
    uint16_t streams = 0; // how many the server takes (at most what was asked)
    // The server's machine (role/same_machine.h): 16 bytes, or empty.
    std::string machine;
    void encode(WireWriter& w) const;
    static Result<JobAcceptMsg> decode(WireReader& r);
};

// The first message (after Hello) on a data connection.
struct JoinStreamMsg {
    static constexpr MsgType kType = MsgType::JoinStream;
    SessionToken token{};
    uint16_t stream = 0;
    void encode(WireWriter& w) const;
    static Result<JoinStreamMsg> decode(WireReader& r);
};

// The client's word on the control link, once its data connections are up:
// which of them the session uses (bit n = stream n).
struct StreamsReadyMsg {
    static constexpr MsgType kType = MsgType::StreamsReady;
    uint32_t streams = 0;
    void encode(WireWriter& w) const { w.u32(streams); }
    static Result<StreamsReadyMsg> decode(WireReader& r);
};

// The server's answer: from now on the connection carries file data.
struct StreamAcceptedMsg {
    static constexpr MsgType kType = MsgType::StreamAccepted;
    void encode(WireWriter&) const {}
    static Result<StreamAcceptedMsg> decode(WireReader& r);
};

// How the sender's names relate to its root, so the receiver can place them
// (rsync's trailing-slash rule).
enum class RootKind : uint8_t {
    Contents = 0, // "src/": names are relative to src; "." is src itself
    NamedDir = 1, // "src": names start with "src/"; the receiver makes DEST/src
    File = 2,     // a single file: one entry, named by its base name
};

struct FileListBeginMsg {
    static constexpr MsgType kType = MsgType::FileListBegin;
    RootKind rootKind = RootKind::Contents;
    std::string rootName; // the base name for NamedDir and File
    // Since version 14 (a flags byte): the source is on a file system that
    // holds only Windows' names, so with --name-mapping map its look-alikes
    // stand for the characters a mapping replaced.
    bool windowsNames = false;
    // Since version 17 (bit 1): the sender holds its list until the
    // receiver's tree summaries come (their last batch, maybe empty), which
    // the receiver then always sends.
    bool treeSummaries = false;
    void encode(WireWriter& w) const;
    static Result<FileListBeginMsg> decode(WireReader& r);
};

struct WireEntry {
    std::string path; // "." for the root directory itself (Contents)
    WireFileType type = WireFileType::Regular;
    uint32_t mode = 0;
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    std::string linkTarget;
    std::optional<Digest> hash; // with --checksum
    // names::CollisionBits (3 bits): the entry and another of its directory
    // are one name on a destination that folds case, normalisation or both.
    uint8_t nameCollisions = 0;
    // -H: the index of the earlier entry this regular file is a hard link of.
    std::optional<uint32_t> hardLinkTo;
    // A directory listed without its contents (-x mount point,
    // --exclude-if-present): the receiver deletes nothing in it.
    bool contentsOmitted = false;
    // -o/-g: the source's owner and group, by number (names in the batch).
    std::optional<std::pair<uint32_t, uint32_t>> owner;
};

struct FileListBatchMsg {
    static constexpr MsgType kType = MsgType::FileListBatch;
    std::vector<WireEntry> entries;
    // -o/-g without --numeric-ids: the names of the users and groups this
    // batch's entries have, each the first time it comes (after the entries).
    std::vector<std::pair<uint32_t, std::string>> userNames;
    std::vector<std::pair<uint32_t, std::string>> groupNames;
    void encode(WireWriter& w) const;
    static Result<FileListBatchMsg> decode(WireReader& r);
};

struct FileListEndMsg {
    static constexpr MsgType kType = MsgType::FileListEnd;
    uint32_t count = 0;      // entries sent in all
    uint32_t scanErrors = 0; // paths the sender could not read: the receiver then deletes nothing
    void encode(WireWriter& w) const;
    static Result<FileListEndMsg> decode(WireReader& r);
};

// Tree summaries (since version 17; when they are used: role/tree_summaries.h).
// The receiver's digest of a directory of its destination as the sender
// would list it (scan/tree_digest.h): the entries from the directory's own
// to the end of its subtree, `count` of them. Breadth first, in batches; the
// last batch says so (and may be empty: nothing worth comparing).
struct TreeSummaryItem {
    std::string path; // as the sender lists it
    uint32_t count = 0;
    Digest digest;
};

struct TreeSummaryMsg {
    static constexpr MsgType kType = MsgType::TreeSummary;
    std::vector<TreeSummaryItem> items;
    bool last = false;
    void encode(WireWriter& w) const;
    static Result<TreeSummaryMsg> decode(WireReader& r);
};

// In the list, for the subtree at `path` whose digest and count equal the
// receiver's summary of it: its `count` entries are the receiver's own, in
// the receiver's order, at the indices they would have had.
struct FileListSameMsg {
    static constexpr MsgType kType = MsgType::FileListSame;
    std::string path;
    uint32_t count = 0;
    void encode(WireWriter& w) const;
    static Result<FileListSameMsg> decode(WireReader& r);
};

// The sender's own digest of its whole tree, as soon as its scan is over
// (only when the scan could read everything): a receiver whose destination
// digests the same takes the whole list as its own at once, a round trip
// before the sender's FileListSame of the root could tell it.
struct TreeRootMsg {
    static constexpr MsgType kType = MsgType::TreeRoot;
    uint32_t count = 0;
    Digest digest;
    void encode(WireWriter& w) const;
    static Result<TreeRootMsg> decode(WireReader& r);
};

struct PlanItemWire {
    uint32_t index = 0;
    WireAction action = WireAction::Copy;
    WireMethod method = WireMethod::Whole;
    uint8_t changes = 0; // ItemChange bits (since version 8)
    // What the receiver has at this path now (since version 16): a preview
    // shows both sides.
    bool destinationExists = false;
    uint64_t destinationSize = 0;
    int64_t destinationMtimeNs = 0;
};

struct PlanBatchMsg {
    static constexpr MsgType kType = MsgType::PlanBatch;
    std::vector<PlanItemWire> items;
    void encode(WireWriter& w) const;
    static Result<PlanBatchMsg> decode(WireReader& r);
};

struct DeleteItemWire {
    std::string path;
    bool isDir = false;
    uint64_t size = 0;   // since version 16: what a preview shows of it
    int64_t mtimeNs = 0;
};

struct DeleteBatchMsg {
    static constexpr MsgType kType = MsgType::DeleteBatch;
    std::vector<DeleteItemWire> items;
    void encode(WireWriter& w) const;
    static Result<DeleteBatchMsg> decode(WireReader& r);
};

struct PlanEndMsg {
    static constexpr MsgType kType = MsgType::PlanEnd;
    uint32_t unchanged = 0;
    void encode(WireWriter& w) const;
    static Result<PlanEndMsg> decode(WireReader& r);
};

// File data: the payload after the fixed fields is the bytes themselves.
// A file goes either whole (its Data frames in order on one stream, then
// FileEnd with the content hash) or in chunks (each chunk's Data frames in
// order on one stream, then ChunkEnd; chunks on any streams, in any order;
// FileEnd with the hash of the chunk hashes once all chunks are out).
// The first Data frame of a whole file or of a chunk carries kDataStart.
struct DataHeader {
    uint32_t index = 0;
    uint64_t offset = 0;
};
inline constexpr size_t kDataHeaderSize = 12;
inline constexpr uint16_t kDataStart = 1;
// The most data one frame carries: big enough that per-frame costs vanish,
// small enough that streams interleave finely. Also the most a compressed
// payload may expand to.
inline constexpr size_t kMaxDataPayload = 256 * 1024;

// Flags of Data, SmallFile and Delta frames, bits 1-2: how the payload after
// the fixed header is encoded, a codec::Algo (0 raw, 1 lz4 block on its own,
// 2 the next piece of the connection's zstd stream; 3 is refused). So frames
// of one file may take different connections and mix raw and compressed, and
// a raw or lz4 frame does not enter the connection's zstd stream. Bits 4-15
// (and bit 3 outside Delta frames) must be 0: a receiver that ignored a flag
// it does not know could write encoded bytes as file data.
inline constexpr unsigned kPayloadAlgoShift = 1;
inline constexpr uint16_t kPayloadAlgoMask = uint16_t(3u << kPayloadAlgoShift);
// Delta frames only, bit 3: the frame fills in a segment's second pass (see
// delta/two_pass.h); without it a Delta frame is of the first pass.
inline constexpr uint16_t kDeltaFill = 8;
// The flags that say where a frame's bytes go, kept once its payload is expanded.
inline constexpr uint16_t kPlacementFlags = kDataStart | kDeltaFill;
// SmallFile frames only, bit 4 (since version 18): the file's time and mode
// are those its list entry gave, and the header leaves them out (12 bytes a
// file: on a tree of 4 KiB files over a link the data fills, 0.3 % of the
// wire). Kept once the payload is expanded, as the placement flags are.
inline constexpr uint16_t kSmallFileAsListed = 16;
inline constexpr uint16_t kKnownDataFlags = kPlacementFlags | kPayloadAlgoMask;
constexpr uint16_t payloadAlgoFlags(codec::Algo algo) { return uint16_t(unsigned(algo) << kPayloadAlgoShift); }
// How a Data, SmallFile or Delta payload is encoded, from its frame's flags
// (receive/payload_expander.h makes it raw); unknown flags are refused.
Result<codec::Algo> payloadAlgo(uint16_t flags);


// `algo`: how data[0, n) is encoded (it is put in the frame as it is).
Frame makeDataFrame(uint32_t index, uint64_t offset, const uint8_t* data, size_t n, bool start = false,
                    codec::Algo algo = codec::Algo::None);
// A raw Data frame built where its data already is: the caller read n bytes
// into frame.payload from kDataHeaderSize on (after sizing the payload for
// them), and this puts the type, flags and header around them, without a copy.
void fillDataFrame(Frame& frame, uint32_t index, uint64_t offset, size_t n, bool start = false);
Result<DataHeader> decodeDataHeader(const Frame& frame, const uint8_t** data, size_t* n);

// A delta: like Data, but the payload after the header is delta instructions
// (see delta/ops.h) whose output starts at `offset`. A file sent as a delta
// goes in segments, each one like a chunk: its Delta frames in order on one
// stream (the first with kDataStart; the first pass, then the second with
// kDeltaFill), then ChunkEnd with the hash of the segment's rebuilt bytes;
// FileEnd on the control link as for chunks.
// The instructions, not the rebuilt bytes, are what a compressed Delta frame
// compresses (literals compress as file data does; copies hardly matter).
// `fill`: a frame of the segment's second pass (kDeltaFill; never `start`).
Frame makeDeltaFrame(uint32_t index, uint64_t offset, const uint8_t* ops, size_t n, bool start,
                     codec::Algo algo = codec::Algo::None, bool fill = false);

// The receiver's signature of its old copy of a file, in pieces: blocks
// [first, first + n) of `total`. total == 0 says there is no usable old
// copy after all (it vanished or could not be read): send the file whole.
struct SignatureMsg {
    static constexpr MsgType kType = MsgType::Signature;
    uint32_t index = 0;
    uint64_t basisSize = 0;
    uint32_t blockLength = 0;
    uint64_t seed = 0;
    uint32_t first = 0;
    uint32_t total = 0;
    std::vector<std::pair<uint32_t, uint64_t>> blocks; // (weak, strong)
    void encode(WireWriter& w) const;
    static Result<SignatureMsg> decode(WireReader& r);
};
// The most blocks one signature may have: at √size/2 blocks that is the old
// copy of a 64 TiB file, and it bounds what a peer can make us hold.
inline constexpr uint32_t kMaxSignatureBlocks = 1u << 24;
// Blocks per Signature frame: 12 bytes each, so a frame stays near kBatchBytes.
inline constexpr uint32_t kSignatureBlocksPerFrame = 16 * 1024;

struct FileEndMsg {
    static constexpr MsgType kType = MsgType::FileEnd;
    uint32_t index = 0;
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    uint32_t mode = 0;
    // Whole: the digest of the content. Chunked: the digest of the chunk
    // digests in offset order (see chunkTreeHash). Of the job's
    // --checksum-choice, as every digest on the wire.
    Digest hash;
    uint32_t chunks = 0; // 0: sent whole
    void encode(WireWriter& w) const;
    static Result<FileEndMsg> decode(WireReader& r);
};

struct ChunkEndMsg {
    static constexpr MsgType kType = MsgType::ChunkEnd;
    uint32_t index = 0;
    uint64_t offset = 0;
    uint64_t length = 0;
    Digest hash; // of the chunk's bytes
    void encode(WireWriter& w) const;
    static Result<ChunkEndMsg> decode(WireReader& r);
};

// A whole file in one frame: the common case for small files, so each costs
// one frame on the wire and one hand-off on the receiver.
struct SmallFileHeader {
    uint32_t index = 0;
    // Time and mode as the list gave them (kSmallFileAsListed): not sent, and
    // mtimeNs and mode are 0 when decoded.
    bool asListed = false;
    int64_t mtimeNs = 0;
    uint32_t mode = 0;
    Digest hash;
};
constexpr size_t smallFileHeaderSize(size_t digestBytes, bool asListed = false)
{
    return 4 + (asListed ? 0 : 8 + 4) + 1 + digestBytes;
}
inline constexpr size_t kMaxSmallFileHeaderSize = smallFileHeaderSize(Digest::kMaxSize);
// The hash is of the raw bytes, whatever `algo` the payload is in.
Frame makeSmallFileFrame(const SmallFileHeader& header, const uint8_t* data, size_t n,
                         codec::Algo algo = codec::Algo::None);
// The same as its two parts: the frame's flags, and the head of its payload
// (into `head`, emptied first), which the file's bytes follow.
uint16_t encodeSmallFileHead(const SmallFileHeader& header, codec::Algo algo, Payload& head);
Result<SmallFileHeader> decodeSmallFile(const Frame& frame, const uint8_t** data, size_t* n);

// The whole-file digest of a chunked file.
Digest chunkTreeHash(ChecksumChoice choice, const std::vector<Digest>& chunkHashes);

// A digest on the wire: u8 size (8, 16 or 32), then the bytes.
void writeDigest(WireWriter& w, const Digest& digest);
Digest readDigest(WireReader& r);

struct FileFailedMsg {
    static constexpr MsgType kType = MsgType::FileFailed;
    uint32_t index = 0;
    Errc code = Errc::Io;
    std::string message;
    void encode(WireWriter& w) const;
    static Result<FileFailedMsg> decode(WireReader& r);
};

struct FileDoneMsg {
    static constexpr MsgType kType = MsgType::FileDone;
    uint32_t index = 0;
    // Since version 9: the bytes of file data that crossed for it (its size
    // less what came from its old copy or its partial file).
    uint64_t moved = 0;
    void encode(WireWriter& w) const;
    static Result<FileDoneMsg> decode(WireReader& r);
};

struct SenderDoneMsg {
    static constexpr MsgType kType = MsgType::SenderDone;
    void encode(WireWriter&) const {}
    static Result<SenderDoneMsg> decode(WireReader& r);
};

// A problem tied to a path but not to a transferred file: a deletion that
// failed, a directory whose time could not be set, a skipped deletion pass.
struct NoticeMsg {
    static constexpr MsgType kType = MsgType::Notice;
    enum class Level : uint8_t { Info = 0, Warning = 1, Error = 2 };
    Level level = Level::Warning;
    Errc code = Errc::Ok;
    std::string path;
    std::string message;
    void encode(WireWriter& w) const;
    static Result<NoticeMsg> decode(WireReader& r);
};

// A role's figures, for the far end's progress and bottleneck diagnosis
// (every 250 ms, and once as its last word): its stages' counters, its
// machine, and the data connections it sends on as its kernel sees them.
// Decoded, `end` is a far end's reading (present, not local).
struct StatsMsg {
    static constexpr MsgType kType = MsgType::Stats;
    diagnosis::EndReading end;
    std::vector<diagnosis::ConnectionReading> connections;
    void encode(WireWriter& w) const;
    static Result<StatsMsg> decode(WireReader& r);
};

// A connection's TCP figures and an end's socket limits as Stats (and the
// probe's messages) carry them.
inline constexpr size_t kConnectionEvidenceBytes = 1 + 5 * 8 + 3 * 4 + 8 + 4;
void writeConnectionEvidence(WireWriter& w, const diagnosis::ConnectionEvidence& e);
Result<diagnosis::ConnectionEvidence> readConnectionEvidence(WireReader& r, const char* frameName);
void writeNetLimits(WireWriter& w, const platform::NetLimits& n);
platform::NetLimits readNetLimits(WireReader& r);

struct JobDoneMsg {
    static constexpr MsgType kType = MsgType::JobDone;
    uint32_t filesDeleted = 0;
    std::optional<SnapshotOutcome> snapshot; // (version 15)
    void encode(WireWriter& w) const;
    static Result<JobDoneMsg> decode(WireReader& r);
};

// A new bandwidth limit for the sender, from a timetable on the client,
// or the user's Pause and Resume (version 16).
struct RateChangeMsg {
    static constexpr MsgType kType = MsgType::RateChange;
    uint64_t bytesPerSec = 0; // 0 = unlimited
    bool paused = false;
    void encode(WireWriter& w) const
    {
        w.u64(bytesPerSec);
        w.u8(paused ? 1 : 0);
    }
    static Result<RateChangeMsg> decode(WireReader& r);
};

struct CancelMsg {
    static constexpr MsgType kType = MsgType::Cancel;
    std::string reason;
    void encode(WireWriter& w) const;
    static Result<CancelMsg> decode(WireReader& r);
};

template <class M>
Frame toFrame(const M& msg)
{
    Frame f;
    f.type = uint16_t(M::kType);
    WireWriter w(f.payload);
    msg.encode(w);
    return f;
}

// Decodes a frame that must be of M's type.
template <class M>
Result<M> fromFrame(const Frame& frame)
{
    if (frame.type != uint16_t(M::kType))
        return Error(Errc::Protocol, std::string("expected a ") + msgTypeName(uint16_t(M::kType)) + " frame, got "
                                         + msgTypeName(frame.type));
    WireReader r(frame.payload);
    return M::decode(r);
}

// The far end's answer on `link`: a frame of M's type, or the Error it sent
// instead, as an Error with its code and message.
template <class M>
Result<M> receiveAnswer(FrameLink& link)
{
    FG_TRY_ASSIGN(Frame frame, link.receive());
    if (frame.type == uint16_t(MsgType::Error)) {
        FG_TRY_ASSIGN(ErrorMsg err, fromFrame<ErrorMsg>(frame));
        return Error(err.code, err.message);
    }
    return fromFrame<M>(frame);
}

// The largest batch the encoders build, so a batch always fits in a frame.
inline constexpr size_t kBatchBytes = 256 * 1024;

} // namespace fg::proto
