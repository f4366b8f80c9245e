#include "proto/messages.h"

#include "common/path.h"
#include "delta/signature.h"

#include <algorithm>
#include <cmath>

namespace fg::proto {
namespace {

// Bounds for what a peer may send; each is far above any honest use.
constexpr size_t kMaxMessageText = 8192;
constexpr size_t kMaxShortText = 256;
constexpr size_t kMaxPattern = 4096;
constexpr uint32_t kMaxFilters = 100000;
constexpr uint32_t kMaxBatchItems = 1u << 20;
constexpr uint32_t kMaxStages = 64;

Errc errcFromWire(uint32_t v)
{
    if (v > uint32_t(Errc::UnholdableName)) return Errc::Internal;
    return Errc(v);
}

} // namespace

const char* msgTypeName(uint16_t type)
{
    switch (MsgType(type)) {
    case MsgType::Hello: return "Hello";
    case MsgType::Error: return "Error";
    case MsgType::PairRequest: return "PairRequest";
    case MsgType::PairResult: return "PairResult";
    case MsgType::JobRequest: return "JobRequest";
    case MsgType::JobAccept: return "JobAccept";
    case MsgType::JoinStream: return "JoinStream";
    case MsgType::StreamAccepted: return "StreamAccepted";
    case MsgType::StreamsReady: return "StreamsReady";
    case MsgType::FileListBegin: return "FileListBegin";
    case MsgType::FileListBatch: return "FileListBatch";
    case MsgType::FileListEnd: return "FileListEnd";
    case MsgType::TreeSummary: return "TreeSummary";
    case MsgType::FileListSame: return "FileListSame";
    case MsgType::TreeRoot: return "TreeRoot";
    case MsgType::PlanBatch: return "PlanBatch";
    case MsgType::DeleteBatch: return "DeleteBatch";
    case MsgType::PlanEnd: return "PlanEnd";
    case MsgType::Data: return "Data";
    case MsgType::FileEnd: return "FileEnd";
    case MsgType::FileFailed: return "FileFailed";
    case MsgType::FileDone: return "FileDone";
    case MsgType::SenderDone: return "SenderDone";
    case MsgType::Notice: return "Notice";
    case MsgType::SmallFile: return "SmallFile";
    case MsgType::ChunkEnd: return "ChunkEnd";
    case MsgType::Delta: return "Delta";
    case MsgType::Signature: return "Signature";
    case MsgType::Stats: return "Stats";
    case MsgType::JobDone: return "JobDone";
    case MsgType::Cancel: return "Cancel";
    case MsgType::RateChange: return "RateChange";
    case MsgType::ProbeRequest: return "ProbeRequest";
    case MsgType::ProbePhase: return "ProbePhase";
    case MsgType::ProbeFill: return "ProbeFill";
    case MsgType::ProbePhaseResult: return "ProbePhaseResult";
    case MsgType::ProbeMachine: return "ProbeMachine";
    }
    return "unknown";
}

// ---- Hello / Error / pairing ----------------------------------------------

void HelloMsg::encode(WireWriter& w) const
{
    w.u64(magic);
    w.u16(versionMin);
    w.u16(versionMax);
    w.u64(capabilities);
    w.string(software);
}

Result<HelloMsg> HelloMsg::decode(WireReader& r)
{
    HelloMsg m;
    m.magic = r.u64();
    if (!r.failed() && m.magic != kHelloMagic)
        return Error(Errc::Protocol, "the peer does not speak the floodgate protocol (bad greeting)");
    m.versionMin = r.u16();
    m.versionMax = r.u16();
    m.capabilities = r.u64();
    m.software = r.string(kMaxShortText);
    FG_TRY(r.finish("Hello", false)); // later versions may append fields
    if (m.versionMin > m.versionMax) return Error(Errc::Protocol, "malformed Hello: version range is inverted");
    return m;
}

void ErrorMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(code));
    w.string(message.size() > kMaxMessageText ? message.substr(0, kMaxMessageText) : message);
}

Result<ErrorMsg> ErrorMsg::decode(WireReader& r)
{
    ErrorMsg m;
    m.code = errcFromWire(r.u32());
    m.message = r.string(kMaxMessageText);
    FG_TRY(r.finish("Error"));
    return m;
}

void PairRequestMsg::encode(WireWriter& w) const
{
    w.string(proof);
    w.string(clientName);
}

Result<PairRequestMsg> PairRequestMsg::decode(WireReader& r)
{
    PairRequestMsg m;
    m.proof = r.string(64);
    m.clientName = r.string(kMaxShortText);
    FG_TRY(r.finish("PairRequest"));
    return m;
}

void PairResultMsg::encode(WireWriter& w) const
{
    w.u8(ok ? 1 : 0);
    w.string(message);
    w.string(proof);
}

Result<PairResultMsg> PairResultMsg::decode(WireReader& r)
{
    PairResultMsg m;
    m.ok = r.u8() != 0;
    m.message = r.string(kMaxMessageText);
    m.proof = r.string(64);
    FG_TRY(r.finish("PairResult"));
    return m;
}

// ---- Job request -----------------------------------------------------------

namespace {
constexpr uint32_t kDryRun = 1, kDelete = 2, kChecksum = 4, kHasFilesFrom = 8, kPlainData = 16, kMkpath = 32,
                   kRemoveSource = 64, kInPlace = 128;
constexpr uint8_t kUpdate = 1, kIgnoreExisting = 2, kExistingOnly = 4, kSizeOnly = 8, kIgnoreTimes = 16,
                  kAppendVerify = 32;
constexpr uint8_t kKnownCompareFlags = kUpdate | kIgnoreExisting | kExistingOnly | kSizeOnly | kIgnoreTimes | kAppendVerify;
constexpr uint8_t kDeleteLimited = 1, kDeleteExcluded = 2;
constexpr uint8_t kNoPerms = 1, kNoTimes = 2;
constexpr uint8_t kHardLinks = 1, kOneFileSystem = 2, kSafeLinks = 4, kCopyLinks = 8;
constexpr uint8_t kOwner = 1, kGroup = 2, kNumericIds = 4, kOwnershipAsked = 8;
// fg::ItemChange's eight bits (new, size, time, perms, content, link, owner,
// group): every bit of the byte.
constexpr uint8_t kKnownChanges = 0xff;
}

void JobRequestMsg::encode(WireWriter& w) const
{
    const TransferOptions& t = transfer;
    w.u8(uint8_t(direction));
    w.string(path);
    uint32_t flags = (t.dryRun ? kDryRun : 0) | (t.deleteExtraneous ? kDelete : 0) | (t.checksum ? kChecksum : 0)
                   | (t.filesFrom ? kHasFilesFrom : 0) | (plainData ? kPlainData : 0) | (t.mkpath ? kMkpath : 0)
                   | (t.removeSourceFiles ? kRemoveSource : 0) | (t.inPlace ? kInPlace : 0);
    w.u32(flags);
    w.i64(t.modifyWindowNs);
    w.u64(bwlimit);
    w.u32(uint32_t(t.filters.size()));
    for (const auto& f : t.filters) {
        w.u8(uint8_t(f.kind));
        w.string(f.pattern);
        if (f.kind == FilterSpec::Kind::DirMerge) w.u8(f.mergeFlags);
    }
    const std::vector<std::string> noPaths;
    const auto& filesFrom = t.filesFrom ? *t.filesFrom : noPaths;
    w.u32(uint32_t(filesFrom.size()));
    for (const auto& p : filesFrom) w.string(p);
    w.u64(t.chunkSize);
    w.u16(streams);
    w.string(t.congestion);
    w.u8(uint8_t(t.fsync));
    w.u8(uint8_t(t.wholeFile));
    w.u8(uint8_t(t.compress.mode));
    w.u8(uint8_t(int8_t(t.compress.level)));
    w.u8(uint8_t(t.checksumChoice));
    w.array(token);
    w.u8(uint8_t((t.compare.update ? kUpdate : 0) | (t.compare.ignoreExisting ? kIgnoreExisting : 0)
                 | (t.compare.existingOnly ? kExistingOnly : 0) | (t.compare.sizeOnly ? kSizeOnly : 0)
                 | (t.compare.ignoreTimes ? kIgnoreTimes : 0) | (t.compare.appendVerify ? kAppendVerify : 0)));
    w.u64(t.compare.maxSize);
    w.u64(t.compare.minSize);
    w.u8(uint8_t((t.deletion.limited ? kDeleteLimited : 0) | (t.deletion.excluded ? kDeleteExcluded : 0)));
    w.u64(t.deletion.maxDelete);
    w.u8(uint8_t((t.metadata.perms ? 0 : kNoPerms) | (t.metadata.times ? 0 : kNoTimes)));
    w.string(t.metadata.chmod);
    w.u8(t.backup.enabled ? 1 : 0);
    w.string(t.backup.dir);
    w.string(t.backup.suffix);
    w.u32(uint32_t(t.linkDest.size()));
    for (const auto& d : t.linkDest) w.string(d);
    w.u8(uint8_t((t.scan.hardLinks ? kHardLinks : 0) | (t.scan.oneFileSystem ? kOneFileSystem : 0)
                 | (t.scan.safeLinks ? kSafeLinks : 0) | (t.scan.copyLinks ? kCopyLinks : 0)));
    w.u32(uint32_t(t.scan.excludeIfPresent.size()));
    for (const auto& n : t.scan.excludeIfPresent) w.string(n);
    w.u8(uint8_t((t.ownership.owner ? kOwner : 0) | (t.ownership.group ? kGroup : 0)
                 | (t.ownership.numericIds ? kNumericIds : 0) | (t.ownership.explicitly ? kOwnershipAsked : 0)));
    w.string(t.ownership.chownUser);
    w.string(t.ownership.chownGroup);
    w.string(t.partialDir);
    w.u32(ioTimeoutSec);
    w.u8(resumes ? 1 : 0);
    if (resumes) w.array(*resumes);
    w.u8(uint8_t(t.nameMapping));
    w.u8(t.snapshot ? 1 : 0);
    for (uint32_t n : {t.keep.last, t.keep.daily, t.keep.weekly, t.keep.monthly}) w.u32(n);
}

Result<JobRequestMsg> JobRequestMsg::decode(WireReader& r)
{
    JobRequestMsg m;
    TransferOptions& t = m.transfer;
    uint8_t dir = r.u8();
    if (!r.failed() && dir > 1) return Error(Errc::Protocol, "malformed JobRequest: unknown direction");
    m.direction = Direction(dir);
    m.path = r.string(kMaxPathBytes);
    uint32_t flags = r.u32();
    t.dryRun = flags & kDryRun;
    t.deleteExtraneous = flags & kDelete;
    t.checksum = flags & kChecksum;
    const bool hasFilesFrom = flags & kHasFilesFrom;
    m.plainData = flags & kPlainData;
    t.mkpath = flags & kMkpath;
    t.removeSourceFiles = flags & kRemoveSource;
    t.inPlace = flags & kInPlace;
    t.modifyWindowNs = r.i64();
    m.bwlimit = r.u64();
    uint32_t nf = r.count(kMaxFilters, 5);
    for (uint32_t i = 0; i < nf && !r.failed(); ++i) {
        FilterSpec f;
        uint8_t kind = r.u8();
        if (kind > uint8_t(FilterSpec::Kind::DirMerge)) r.fail("unknown filter kind");
        f.kind = FilterSpec::Kind(kind);
        f.pattern = r.string(kMaxPattern);
        if (f.kind == FilterSpec::Kind::DirMerge) {
            f.mergeFlags = r.u8();
            if (f.mergeFlags & ~uint8_t(0x1f)) r.fail("unknown dir-merge modifiers");
        }
        t.filters.push_back(std::move(f));
    }
    uint32_t np = r.count(kMaxBatchItems, 4);
    std::vector<std::string> filesFrom;
    for (uint32_t i = 0; i < np && !r.failed(); ++i) filesFrom.push_back(r.string(kMaxPathBytes));
    if (hasFilesFrom) t.filesFrom = std::move(filesFrom);
    else if (!filesFrom.empty()) r.fail("--files-from paths without the flag that says there is a list");
    t.chunkSize = r.u64();
    m.streams = r.u16();
    t.congestion = r.string(16);
    const uint8_t fsync = r.u8();
    if (fsync > uint8_t(FsyncMode::None)) r.fail("unknown fsync mode");
    t.fsync = FsyncMode(fsync);
    const uint8_t whole = r.u8();
    if (whole > uint8_t(WholeFileMode::Never)) r.fail("unknown whole-file mode");
    t.wholeFile = WholeFileMode(whole);
    const uint8_t compressMode = r.u8();
    if (compressMode > uint8_t(CompressMode::Auto)) r.fail("unknown compression mode");
    t.compress.mode = CompressMode(compressMode);
    t.compress.level = int8_t(r.u8());
    // zstd's 0 means "its default", which no spec carries.
    if (t.compress.level < kMinZstdLevel || t.compress.level > kMaxZstdLevel || t.compress.level == 0)
        r.fail("zstd level out of range");
    const uint8_t checksumChoice = r.u8();
    if (checksumChoice > uint8_t(ChecksumChoice::Sha256)) r.fail("unknown checksum choice");
    t.checksumChoice = ChecksumChoice(checksumChoice);
    m.token = r.array<16>();
    const uint8_t compareFlags = r.u8();
    if (compareFlags & ~kKnownCompareFlags) r.fail("unknown compare flags");
    t.compare.update = compareFlags & kUpdate;
    t.compare.ignoreExisting = compareFlags & kIgnoreExisting;
    t.compare.existingOnly = compareFlags & kExistingOnly;
    t.compare.sizeOnly = compareFlags & kSizeOnly;
    t.compare.ignoreTimes = compareFlags & kIgnoreTimes;
    t.compare.appendVerify = compareFlags & kAppendVerify;
    t.compare.maxSize = r.u64();
    t.compare.minSize = r.u64();
    const uint8_t deleteFlags = r.u8();
    if (deleteFlags & ~(kDeleteLimited | kDeleteExcluded)) r.fail("unknown delete flags");
    t.deletion.limited = deleteFlags & kDeleteLimited;
    t.deletion.excluded = deleteFlags & kDeleteExcluded;
    t.deletion.maxDelete = r.u64();
    const uint8_t metadataFlags = r.u8();
    if (metadataFlags & ~(kNoPerms | kNoTimes)) r.fail("unknown metadata flags");
    t.metadata.perms = !(metadataFlags & kNoPerms);
    t.metadata.times = !(metadataFlags & kNoTimes);
    t.metadata.chmod = r.string(kMaxPattern);
    const uint8_t backup = r.u8();
    if (backup > 1) r.fail("unknown backup flag");
    t.backup.enabled = backup == 1;
    t.backup.dir = r.string(kMaxPathBytes);
    t.backup.suffix = r.string(kMaxShortText);
    const uint32_t links = r.count(uint32_t(kMaxLinkDest), 4);
    for (uint32_t i = 0; i < links && !r.failed(); ++i) t.linkDest.push_back(r.string(kMaxPathBytes));
    for (const auto& d : t.linkDest)
        if (d.empty()) r.fail("an empty --link-dest");
    const uint8_t scanFlags = r.u8();
    if (scanFlags & ~(kHardLinks | kOneFileSystem | kSafeLinks | kCopyLinks)) r.fail("unknown scan flags");
    t.scan.hardLinks = scanFlags & kHardLinks;
    t.scan.oneFileSystem = scanFlags & kOneFileSystem;
    t.scan.safeLinks = scanFlags & kSafeLinks;
    t.scan.copyLinks = scanFlags & kCopyLinks;
    const uint32_t markers = r.count(kMaxFilters, 4);
    for (uint32_t i = 0; i < markers && !r.failed(); ++i) t.scan.excludeIfPresent.push_back(r.string(kMaxShortText));
    for (const auto& n : t.scan.excludeIfPresent)
        if (n.empty() || n.find('/') != std::string::npos || n == "." || n == "..")
            r.fail("--exclude-if-present names a file, not a path");
    const uint8_t owning = r.u8();
    if (owning & ~(kOwner | kGroup | kNumericIds | kOwnershipAsked)) r.fail("unknown ownership flags");
    t.ownership.owner = owning & kOwner;
    t.ownership.group = owning & kGroup;
    t.ownership.numericIds = owning & kNumericIds;
    t.ownership.explicitly = owning & kOwnershipAsked;
    t.ownership.chownUser = r.string(kMaxShortText);
    t.ownership.chownGroup = r.string(kMaxShortText);
    t.partialDir = r.string(kMaxPathBytes);
    m.ioTimeoutSec = r.u32();
    if (m.ioTimeoutSec > kMaxTimeoutSec) r.fail("timeout out of range");
    const uint8_t resumes = r.u8();
    if (resumes > 1) r.fail("unknown resume flag");
    if (resumes == 1) m.resumes = r.array<16>();
    const uint8_t mapping = r.u8();
    if (mapping > uint8_t(NameMapping::Off)) r.fail("unknown name mapping");
    t.nameMapping = NameMapping(mapping);
    const uint8_t snapshot = r.u8();
    if (snapshot > 1) r.fail("unknown snapshot flag");
    t.snapshot = snapshot == 1;
    for (uint32_t* n : {&t.keep.last, &t.keep.daily, &t.keep.weekly, &t.keep.monthly}) {
        *n = r.u32();
        if (*n > kMaxSnapshotKeep) r.fail("a snapshot retention count out of range");
    }
    FG_TRY(r.finish("JobRequest"));
    if (m.streams > kMaxStreams)
        return Error(Errc::Protocol, "malformed JobRequest: more than " + std::to_string(kMaxStreams) + " streams");
    if (t.modifyWindowNs < 0) return Error(Errc::Protocol, "malformed JobRequest: negative modify window");
    return m;
}

void JobAcceptMsg::encode(WireWriter& w) const
{
    w.string(serverSoftware);
    w.array(token);
    w.u16(streams);
    w.string(machine);
}

Result<JobAcceptMsg> JobAcceptMsg::decode(WireReader& r)
{
    JobAcceptMsg m;
    m.serverSoftware = r.string(kMaxShortText);
    m.token = r.array<16>();
    m.streams = r.u16();
    m.machine = r.string(32);
    FG_TRY(r.finish("JobAccept"));
    if (m.streams > kMaxStreams) return Error(Errc::Protocol, "malformed JobAccept: too many streams");
    return m;
}

void JoinStreamMsg::encode(WireWriter& w) const
{
    w.array(token);
    w.u16(stream);
}

Result<JoinStreamMsg> JoinStreamMsg::decode(WireReader& r)
{
    JoinStreamMsg m;
    m.token = r.array<16>();
    m.stream = r.u16();
    FG_TRY(r.finish("JoinStream"));
    if (m.stream >= kMaxStreams) return Error(Errc::Protocol, "malformed JoinStream: stream number out of range");
    return m;
}

Result<StreamsReadyMsg> StreamsReadyMsg::decode(WireReader& r)
{
    StreamsReadyMsg m;
    m.streams = r.u32();
    FG_TRY(r.finish("StreamsReady"));
    return m;
}

Result<StreamAcceptedMsg> StreamAcceptedMsg::decode(WireReader& r)
{
    FG_TRY(r.finish("StreamAccepted"));
    return StreamAcceptedMsg{};
}

// ---- File list -------------------------------------------------------------

void FileListBeginMsg::encode(WireWriter& w) const
{
    w.u8(uint8_t(rootKind));
    w.string(rootName);
    w.u8(uint8_t((windowsNames ? 1 : 0) | (treeSummaries ? 2 : 0)));
}

Result<FileListBeginMsg> FileListBeginMsg::decode(WireReader& r)
{
    FileListBeginMsg m;
    uint8_t kind = r.u8();
    if (!r.failed() && kind > 2) return Error(Errc::Protocol, "malformed FileListBegin: unknown root kind");
    m.rootKind = RootKind(kind);
    m.rootName = r.string(kMaxNameBytes);
    const uint8_t flags = r.u8();
    if (flags > 3) r.fail("unknown FileListBegin flags");
    m.windowsNames = flags & 1;
    m.treeSummaries = flags & 2;
    FG_TRY(r.finish("FileListBegin"));
    if (m.rootKind != RootKind::Contents) {
        if (m.rootName.find('/') != std::string::npos) return Error(Errc::UnsafePath, "refused root name with '/'");
        FG_TRY(validateRelativePath(m.rootName));
    }
    return m;
}

namespace {
constexpr uint8_t kHasHash = 1;
// Bits 1-3 of an entry's flags carry its name-collision bits.
constexpr unsigned kCollisionShift = 1;
constexpr uint8_t kCollisionMask = 0x07;
// Bit 4: a u32 follows, the index of the earlier entry this one is a hard
// link of (-H); bit 5: a directory listed without its contents.
constexpr uint8_t kHardLinkTo = 0x10;
constexpr uint8_t kContentsOmitted = 0x20;
// Bit 6: the owner follows (u32 uid, u32 gid).
constexpr uint8_t kHasOwner = 0x40;
constexpr uint8_t kKnownEntryFlags =
    kHasHash | (kCollisionMask << kCollisionShift) | kHardLinkTo | kContentsOmitted | kHasOwner;
}

void FileListBatchMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(entries.size()));
    for (const auto& e : entries) {
        w.string(e.path);
        w.u8(uint8_t(e.type));
        w.u8(uint8_t((e.hash ? kHasHash : 0) | ((e.nameCollisions & kCollisionMask) << kCollisionShift)
                     | (e.hardLinkTo ? kHardLinkTo : 0) | (e.contentsOmitted ? kContentsOmitted : 0)
                     | (e.owner ? kHasOwner : 0)));
        w.u32(e.mode);
        w.u64(e.size);
        w.i64(e.mtimeNs);
        if (e.type == WireFileType::Symlink) w.string(e.linkTarget);
        if (e.hash) writeDigest(w, *e.hash);
        if (e.hardLinkTo) w.u32(*e.hardLinkTo);
        if (e.owner) {
            w.u32(e.owner->first);
            w.u32(e.owner->second);
        }
    }
    for (const auto* names : {&userNames, &groupNames}) {
        w.u32(uint32_t(names->size()));
        for (const auto& [id, name] : *names) {
            w.u32(id);
            w.string(name);
        }
    }
}

Result<FileListBatchMsg> FileListBatchMsg::decode(WireReader& r)
{
    FileListBatchMsg m;
    // Each entry takes at least 4 (path length) + 1 + 1 + 4 + 8 + 8 bytes.
    uint32_t n = r.count(kMaxBatchItems, 26);
    m.entries.reserve(n);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        WireEntry e;
        e.path = r.string(kMaxPathBytes);
        uint8_t type = r.u8();
        if (type > 2) r.fail("entry " + std::to_string(i) + ": unknown file type");
        e.type = WireFileType(type);
        uint8_t flags = r.u8();
        if (flags & ~kKnownEntryFlags) r.fail("entry " + std::to_string(i) + ": unknown flags");
        e.nameCollisions = uint8_t((flags >> kCollisionShift) & kCollisionMask);
        e.mode = r.u32() & 07777;
        e.size = r.u64();
        e.mtimeNs = r.i64();
        if (e.type == WireFileType::Symlink) e.linkTarget = r.string(kMaxPathBytes);
        if (flags & kHasHash) e.hash = readDigest(r);
        if (flags & kHardLinkTo) {
            e.hardLinkTo = r.u32();
            if (e.type != WireFileType::Regular) r.fail("entry " + std::to_string(i) + ": only a file can be a hard link");
        }
        e.contentsOmitted = flags & kContentsOmitted;
        if (e.contentsOmitted && e.type != WireFileType::Directory)
            r.fail("entry " + std::to_string(i) + ": only a directory can come without its contents");
        if (flags & kHasOwner) {
            const uint32_t uid = r.u32();
            const uint32_t gid = r.u32();
            e.owner = std::make_pair(uid, gid);
        }
        m.entries.push_back(std::move(e));
    }
    for (auto* names : {&m.userNames, &m.groupNames}) {
        const uint32_t count = r.count(kMaxBatchItems, 8);
        for (uint32_t i = 0; i < count && !r.failed(); ++i) {
            const uint32_t id = r.u32();
            names->emplace_back(id, r.string(kMaxShortText));
        }
    }
    FG_TRY(r.finish("FileListBatch"));
    return m;
}

void FileListEndMsg::encode(WireWriter& w) const
{
    w.u32(count);
    w.u32(scanErrors);
}

Result<FileListEndMsg> FileListEndMsg::decode(WireReader& r)
{
    FileListEndMsg m;
    m.count = r.u32();
    m.scanErrors = r.u32();
    FG_TRY(r.finish("FileListEnd"));
    return m;
}

// ---- Tree summaries -------------------------------------------------------

void TreeSummaryMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(items.size()));
    for (const auto& item : items) {
        w.string(item.path);
        w.u32(item.count);
        writeDigest(w, item.digest);
    }
    w.u8(last ? 1 : 0);
}

Result<TreeSummaryMsg> TreeSummaryMsg::decode(WireReader& r)
{
    TreeSummaryMsg m;
    // Each item takes at least 4 (path length) + 4 + 1 + 8 bytes.
    const uint32_t n = r.count(kMaxBatchItems, 17);
    m.items.reserve(n);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        TreeSummaryItem item;
        item.path = r.string(kMaxPathBytes);
        item.count = r.u32();
        if (item.count == 0) r.fail("summary " + std::to_string(i) + ": a directory's subtree holds at least itself");
        item.digest = readDigest(r);
        m.items.push_back(std::move(item));
    }
    const uint8_t last = r.u8();
    if (last > 1) r.fail("TreeSummary: 'last' is neither 0 nor 1");
    m.last = last == 1;
    FG_TRY(r.finish("TreeSummary"));
    return m;
}

void FileListSameMsg::encode(WireWriter& w) const
{
    w.string(path);
    w.u32(count);
}

Result<FileListSameMsg> FileListSameMsg::decode(WireReader& r)
{
    FileListSameMsg m;
    m.path = r.string(kMaxPathBytes);
    m.count = r.u32();
    if (!r.failed() && m.count == 0) r.fail("FileListSame: a subtree holds at least its directory");
    FG_TRY(r.finish("FileListSame"));
    return m;
}

void TreeRootMsg::encode(WireWriter& w) const
{
    w.u32(count);
    writeDigest(w, digest);
}

Result<TreeRootMsg> TreeRootMsg::decode(WireReader& r)
{
    TreeRootMsg m;
    m.count = r.u32();
    if (!r.failed() && m.count == 0) r.fail("TreeRoot: a tree holds at least its root");
    m.digest = readDigest(r);
    FG_TRY(r.finish("TreeRoot"));
    return m;
}

// ---- Plan ------------------------------------------------------------------

void PlanBatchMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(items.size()));
    for (const auto& it : items) {
        w.u32(it.index);
        w.u8(uint8_t(it.action));
        w.u8(uint8_t(it.method));
        w.u8(it.changes);
        w.u8(it.destinationExists ? 1 : 0);
        if (it.destinationExists) {
            w.u64(it.destinationSize);
            w.i64(it.destinationMtimeNs);
        }
    }
}

Result<PlanBatchMsg> PlanBatchMsg::decode(WireReader& r)
{
    PlanBatchMsg m;
    uint32_t n = r.count(kMaxBatchItems, 8);
    m.items.reserve(n);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        PlanItemWire it;
        it.index = r.u32();
        uint8_t a = r.u8();
        if (a > uint8_t(WireAction::Same)) r.fail("unknown plan action");
        it.action = WireAction(a);
        uint8_t method = r.u8();
        if (method > uint8_t(WireMethod::WholeInPlace)) r.fail("unknown transfer method");
        it.method = WireMethod(method);
        it.changes = r.u8();
        const uint8_t exists = r.u8();
        if (exists > 1) r.fail("a plan item's destination flag is neither 0 nor 1");
        it.destinationExists = exists == 1;
        if (it.destinationExists) {
            it.destinationSize = r.u64();
            it.destinationMtimeNs = r.i64();
        }
        static_assert(kKnownChanges == 0xff, "every bit of the byte is a change: none to refuse");
        // Only an update has an old copy to take differences from; a resume
        // may also finish a copy.
        if ((it.method == WireMethod::Delta && it.action != WireAction::Update)
            || (it.method == WireMethod::DeltaResume && it.action != WireAction::Update && it.action != WireAction::Copy))
            r.fail("a delta for a file that has nothing to take differences from");
        m.items.push_back(it);
    }
    FG_TRY(r.finish("PlanBatch"));
    return m;
}

void DeleteBatchMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(items.size()));
    for (const auto& it : items) {
        w.string(it.path);
        w.u8(it.isDir ? 1 : 0);
        w.u64(it.size);
        w.i64(it.mtimeNs);
    }
}

Result<DeleteBatchMsg> DeleteBatchMsg::decode(WireReader& r)
{
    DeleteBatchMsg m;
    uint32_t n = r.count(kMaxBatchItems, 21);
    m.items.reserve(n);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        DeleteItemWire it;
        it.path = r.string(kMaxPathBytes);
        it.isDir = r.u8() != 0;
        it.size = r.u64();
        it.mtimeNs = r.i64();
        m.items.push_back(std::move(it));
    }
    FG_TRY(r.finish("DeleteBatch"));
    return m;
}

void PlanEndMsg::encode(WireWriter& w) const { w.u32(unchanged); }

Result<PlanEndMsg> PlanEndMsg::decode(WireReader& r)
{
    PlanEndMsg m;
    m.unchanged = r.u32();
    FG_TRY(r.finish("PlanEnd"));
    return m;
}

// ---- Data ------------------------------------------------------------------

Result<codec::Algo> payloadAlgo(uint16_t flags)
{
    if (flags & ~kKnownDataFlags)
        return Error(Errc::Protocol, "data frame with unknown flag bits (flags " + std::to_string(flags) + ")");
    const unsigned algo = (flags & kPayloadAlgoMask) >> kPayloadAlgoShift;
    if (algo > unsigned(codec::Algo::Zstd))
        return Error(Errc::Protocol, "data frame with unknown compression " + std::to_string(algo));
    return codec::Algo(algo);
}

namespace {
void putDataHeader(uint8_t* out, uint32_t index, uint64_t offset)
{
    for (int i = 0; i < 4; ++i) out[i] = uint8_t(index >> (8 * i));
    for (int i = 0; i < 8; ++i) out[4 + i] = uint8_t(offset >> (8 * i));
}
} // namespace

Frame makeDataFrame(uint32_t index, uint64_t offset, const uint8_t* data, size_t n, bool start, codec::Algo algo)
{
    Frame f;
    f.type = uint16_t(MsgType::Data);
    f.flags = uint16_t((start ? kDataStart : 0) | payloadAlgoFlags(algo));
    f.payload.reserve(kDataHeaderSize + n);
    f.payload.resize(kDataHeaderSize);
    putDataHeader(f.payload.data(), index, offset);
    appendBytes(f.payload, data, n);
    return f;
}

void fillDataFrame(Frame& frame, uint32_t index, uint64_t offset, size_t n, bool start)
{
    frame.type = uint16_t(MsgType::Data);
    frame.flags = uint16_t((start ? kDataStart : 0) | payloadAlgoFlags(codec::Algo::None));
    frame.payload.resize(kDataHeaderSize + n);
    putDataHeader(frame.payload.data(), index, offset);
}

Frame makeDeltaFrame(uint32_t index, uint64_t offset, const uint8_t* ops, size_t n, bool start, codec::Algo algo,
                     bool fill)
{
    Frame f = makeDataFrame(index, offset, ops, n, start, algo);
    f.type = uint16_t(MsgType::Delta);
    if (fill) f.flags |= kDeltaFill;
    return f;
}

void SignatureMsg::encode(WireWriter& w) const
{
    w.u32(index);
    w.u64(basisSize);
    w.u32(blockLength);
    w.u64(seed);
    w.u32(first);
    w.u32(total);
    w.u32(uint32_t(blocks.size()));
    for (const auto& [weak, strong] : blocks) {
        w.u32(weak);
        w.u64(strong);
    }
}

Result<SignatureMsg> SignatureMsg::decode(WireReader& r)
{
    SignatureMsg m;
    m.index = r.u32();
    m.basisSize = r.u64();
    m.blockLength = r.u32();
    m.seed = r.u64();
    m.first = r.u32();
    m.total = r.u32();
    const uint32_t n = r.count(kSignatureBlocksPerFrame, 12);
    m.blocks.reserve(n);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        const uint32_t weak = r.u32();
        m.blocks.emplace_back(weak, r.u64());
    }
    FG_TRY(r.finish("Signature"));
    if (m.total > 0) {
        // Every count is checked against the basis it describes, so the
        // sender never reserves more than the old copy's blocks.
        if (m.blockLength == 0 || m.blockLength > delta::kMaxBlockLength || m.basisSize / m.blockLength != m.total)
            return Error(Errc::Protocol, "malformed Signature: " + std::to_string(m.total) + " blocks of "
                                             + std::to_string(m.blockLength) + " bytes do not describe "
                                             + std::to_string(m.basisSize) + " bytes");
        if (m.first > m.total || n > m.total - m.first)
            return Error(Errc::Protocol, "malformed Signature: blocks past the end");
        if (m.total > kMaxSignatureBlocks)
            return Error(Errc::Protocol, "malformed Signature: " + std::to_string(m.total) + " blocks, more than the "
                                             + std::to_string(kMaxSignatureBlocks) + " any old copy may have");
    } else if (n > 0) {
        return Error(Errc::Protocol, "malformed Signature: blocks for a file without an old copy");
    }
    return m;
}

Result<DataHeader> decodeDataHeader(const Frame& frame, const uint8_t** data, size_t* n)
{
    WireReader r(frame.payload);
    DataHeader h;
    h.index = r.u32();
    h.offset = r.u64();
    if (r.failed()) return Error(Errc::Protocol, "malformed Data frame: truncated header");
    *data = r.rest(n);
    if (h.offset > (uint64_t(1) << 62)) return Error(Errc::Protocol, "malformed Data frame: absurd offset");
    return h;
}

void FileEndMsg::encode(WireWriter& w) const
{
    w.u32(index);
    w.u64(size);
    w.i64(mtimeNs);
    w.u32(mode);
    writeDigest(w, hash);
    w.u32(chunks);
}

Result<FileEndMsg> FileEndMsg::decode(WireReader& r)
{
    FileEndMsg m;
    m.index = r.u32();
    m.size = r.u64();
    m.mtimeNs = r.i64();
    m.mode = r.u32() & 07777;
    m.hash = readDigest(r);
    m.chunks = r.u32();
    FG_TRY(r.finish("FileEnd"));
    if (m.size > (uint64_t(1) << 62)) return Error(Errc::Protocol, "malformed FileEnd: absurd size");
    return m;
}

void ChunkEndMsg::encode(WireWriter& w) const
{
    w.u32(index);
    w.u64(offset);
    w.u64(length);
    writeDigest(w, hash);
}

Result<ChunkEndMsg> ChunkEndMsg::decode(WireReader& r)
{
    ChunkEndMsg m;
    m.index = r.u32();
    m.offset = r.u64();
    m.length = r.u64();
    m.hash = readDigest(r);
    FG_TRY(r.finish("ChunkEnd"));
    if (m.offset > (uint64_t(1) << 62) || m.length > (uint64_t(1) << 40))
        return Error(Errc::Protocol, "malformed ChunkEnd: absurd offset or length");
    return m;
}

uint16_t encodeSmallFileHead(const SmallFileHeader& header, codec::Algo algo, Payload& head)
{
    head.clear();
    WireWriter w(head);
    w.u32(header.index);
    if (!header.asListed) {
        w.i64(header.mtimeNs);
        w.u32(header.mode);
    }
    writeDigest(w, header.hash);
    return uint16_t(payloadAlgoFlags(algo) | (header.asListed ? kSmallFileAsListed : 0));
}

Frame makeSmallFileFrame(const SmallFileHeader& header, const uint8_t* data, size_t n, codec::Algo algo)
{
    Frame f;
    f.type = uint16_t(MsgType::SmallFile);
    f.payload.reserve(kMaxSmallFileHeaderSize + n);
    f.flags = encodeSmallFileHead(header, algo, f.payload);
    WireWriter w(f.payload);
    w.bytes(data, n);
    return f;
}

Result<SmallFileHeader> decodeSmallFile(const Frame& frame, const uint8_t** data, size_t* n)
{
    WireReader r(frame.payload);
    SmallFileHeader h;
    h.index = r.u32();
    h.asListed = (frame.flags & kSmallFileAsListed) != 0;
    if (!h.asListed) {
        h.mtimeNs = r.i64();
        h.mode = r.u32() & 07777;
    }
    h.hash = readDigest(r);
    if (r.failed()) return Error(Errc::Protocol, "malformed SmallFile frame: truncated header");
    *data = r.rest(n);
    return h;
}

Digest chunkTreeHash(ChecksumChoice choice, const std::vector<Digest>& chunkHashes)
{
    Hasher h(choice);
    for (const auto& c : chunkHashes) h.update(c.data(), c.size());
    return h.digest();
}

void writeDigest(WireWriter& w, const Digest& digest)
{
    w.u8(uint8_t(digest.size()));
    w.bytes(digest.data(), digest.size());
}

Digest readDigest(WireReader& r)
{
    const uint8_t size = r.u8();
    if (r.failed()) return {};
    if (size != 8 && size != 16 && size != 32) {
        r.fail("a digest of " + std::to_string(size) + " bytes (8, 16 or 32 expected)");
        return {};
    }
    const uint8_t* bytes = r.view(size);
    return bytes ? Digest(bytes, size) : Digest();
}

void FileFailedMsg::encode(WireWriter& w) const
{
    w.u32(index);
    w.u32(uint32_t(code));
    w.string(message.size() > kMaxMessageText ? message.substr(0, kMaxMessageText) : message);
}

Result<FileFailedMsg> FileFailedMsg::decode(WireReader& r)
{
    FileFailedMsg m;
    m.index = r.u32();
    m.code = errcFromWire(r.u32());
    m.message = r.string(kMaxMessageText);
    FG_TRY(r.finish("FileFailed"));
    return m;
}

void FileDoneMsg::encode(WireWriter& w) const
{
    w.u32(index);
    w.u64(moved);
}

Result<FileDoneMsg> FileDoneMsg::decode(WireReader& r)
{
    FileDoneMsg m;
    m.index = r.u32();
    m.moved = r.u64();
    FG_TRY(r.finish("FileDone"));
    return m;
}

Result<SenderDoneMsg> SenderDoneMsg::decode(WireReader& r)
{
    FG_TRY(r.finish("SenderDone"));
    return SenderDoneMsg{};
}

void NoticeMsg::encode(WireWriter& w) const
{
    w.u8(uint8_t(level));
    w.u32(uint32_t(code));
    w.string(path);
    w.string(message.size() > kMaxMessageText ? message.substr(0, kMaxMessageText) : message);
}

Result<NoticeMsg> NoticeMsg::decode(WireReader& r)
{
    NoticeMsg m;
    uint8_t level = r.u8();
    if (level > 2) r.fail("unknown notice level");
    m.level = Level(level);
    m.code = errcFromWire(r.u32());
    m.path = r.string(kMaxPathBytes);
    m.message = r.string(kMaxMessageText);
    FG_TRY(r.finish("Notice"));
    return m;
}

// ---- Stats / end -----------------------------------------------------------

namespace {
// Which of an end's optional figures its machine gave (Stats, bit per field).
enum StatsFigure : uint8_t { kCpuSeconds = 1, kIoStall = 2, kDirty = 4, kDirtyThreshold = 8, kInterrupts = 16 };
constexpr uint32_t kMaxStatsConnections = 4 * kMaxStreams;
constexpr size_t kMaxCongestionText = 256;
} // namespace

void writeNetLimits(WireWriter& w, const platform::NetLimits& n)
{
    w.u64(n.wmemMax);
    w.u64(n.rmemMax);
    w.u64(n.tcpWmemMax);
    w.u64(n.tcpRmemMax);
    w.string(n.congestion.substr(0, kMaxCongestionText));
    w.string(n.availableCongestion.substr(0, kMaxCongestionText));
}

platform::NetLimits readNetLimits(WireReader& r)
{
    platform::NetLimits n;
    n.wmemMax = r.u64();
    n.rmemMax = r.u64();
    n.tcpWmemMax = r.u64();
    n.tcpRmemMax = r.u64();
    n.congestion = r.string(kMaxCongestionText);
    n.availableCongestion = r.string(kMaxCongestionText);
    return n;
}

void writeConnectionEvidence(WireWriter& w, const diagnosis::ConnectionEvidence& e)
{
    w.u8(e.hasChronographs ? 1 : 0);
    w.u64(e.busyUs);
    w.u64(e.rwndLimitedUs);
    w.u64(e.sndbufLimitedUs);
    w.u64(e.bytesSent);
    w.u64(e.bytesRetrans);
    w.u32(e.rttUs);
    w.u32(e.minRttUs);
    w.u32(e.cwndSegments);
    w.u64(e.deliveryRate);
    w.string(e.congestion.substr(0, kMaxCongestionText));
}

Result<diagnosis::ConnectionEvidence> readConnectionEvidence(WireReader& r, const char* frameName)
{
    diagnosis::ConnectionEvidence e;
    const uint8_t chrono = r.u8();
    if (chrono > 1)
        return Error(Errc::Protocol, std::string("malformed ") + frameName + " frame: a connection's flag is "
                                         + std::to_string(chrono));
    e.hasChronographs = chrono == 1;
    e.busyUs = r.u64();
    e.rwndLimitedUs = r.u64();
    e.sndbufLimitedUs = r.u64();
    e.bytesSent = r.u64();
    e.bytesRetrans = r.u64();
    e.rttUs = r.u32();
    e.minRttUs = r.u32();
    e.cwndSegments = r.u32();
    e.deliveryRate = r.u64();
    e.congestion = r.string(kMaxCongestionText);
    return e;
}

void StatsMsg::encode(WireWriter& w) const
{
    w.u32(uint32_t(end.stages.size()));
    for (const auto& s : end.stages) {
        w.u8(uint8_t(s.id));
        w.u64(s.bytes);
        w.u64(s.items);
        w.u64(s.busyNs);
        w.u64(s.waitInputNs);
        w.u64(s.waitOutputNs);
        w.u64(s.lifetimeNs);
    }
    w.u16(uint16_t(std::min(end.cores, 0xffffu)));
    const uint8_t figures = (end.cpuSeconds ? kCpuSeconds : 0) | (end.ioStallUs ? kIoStall : 0)
                            | (end.dirtyBytes ? kDirty : 0) | (end.dirtyThresholdBytes ? kDirtyThreshold : 0)
                            | (end.interrupts ? kInterrupts : 0);
    w.u8(figures);
    w.u64(end.cpuSeconds ? uint64_t(std::max(0.0, *end.cpuSeconds) * 1e6) : 0);
    w.u64(end.ioStallUs.value_or(0));
    w.u64(end.dirtyBytes.value_or(0));
    w.u64(end.dirtyThresholdBytes.value_or(0));
    w.u16(uint16_t(std::min(end.interrupts ? end.interrupts->cpu : 0u, 0xffffu)));
    w.u16(uint16_t(std::lround(std::clamp(end.interrupts ? end.interrupts->share : 0.0, 0.0, 1.0) * 1000)));
    writeNetLimits(w, end.netLimits);
    w.u32(uint32_t(connections.size()));
    for (const auto& c : connections) {
        w.u32(c.id);
        writeConnectionEvidence(w, c.sinceOpened);
    }
}

Result<StatsMsg> StatsMsg::decode(WireReader& r)
{
    StatsMsg m;
    m.end.present = true;
    m.end.local = false;
    uint32_t n = r.count(kMaxStages, 49);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        StageSnapshot s;
        const uint8_t id = r.u8();
        if (id >= kStageCount) return Error(Errc::Protocol, "malformed Stats frame: unknown stage " + std::to_string(id));
        s.id = StageId(id);
        s.name = stageName(s.id);
        s.bytes = r.u64();
        s.items = r.u64();
        s.busyNs = r.u64();
        s.waitInputNs = r.u64();
        s.waitOutputNs = r.u64();
        s.lifetimeNs = r.u64();
        s.remote = true;
        m.end.stages.push_back(std::move(s));
    }
    m.end.cores = r.u16();
    const uint8_t figures = r.u8();
    const uint64_t cpuUs = r.u64();
    const uint64_t ioStallUs = r.u64();
    const uint64_t dirty = r.u64();
    const uint64_t threshold = r.u64();
    if (figures & kCpuSeconds) m.end.cpuSeconds = double(cpuUs) / 1e6;
    if (figures & kIoStall) m.end.ioStallUs = ioStallUs;
    if (figures & kDirty) m.end.dirtyBytes = dirty;
    if (figures & kDirtyThreshold) m.end.dirtyThresholdBytes = threshold;
    const uint16_t interruptCpu = r.u16();
    const uint16_t interruptPermille = r.u16();
    if (interruptPermille > 1000)
        return Error(Errc::Protocol, "malformed Stats frame: an interrupt share of " + std::to_string(interruptPermille)
                                         + "/1000");
    if (figures & kInterrupts) m.end.interrupts = diagnosis::InterruptLoad{interruptCpu, interruptPermille / 1000.0};
    if (figures > 31) return Error(Errc::Protocol, "malformed Stats frame: unknown figure flags " + std::to_string(figures));
    m.end.netLimits = readNetLimits(r);
    const uint32_t conns = r.count(kMaxStatsConnections, 4 + kConnectionEvidenceBytes);
    for (uint32_t i = 0; i < conns && !r.failed(); ++i) {
        diagnosis::ConnectionReading c;
        c.id = r.u32();
        FG_TRY_ASSIGN(c.sinceOpened, readConnectionEvidence(r, "Stats"));
        m.connections.push_back(std::move(c));
    }
    FG_TRY(r.finish("Stats"));
    return m;
}

void JobDoneMsg::encode(WireWriter& w) const
{
    w.u32(filesDeleted);
    w.u8(snapshot ? 1 : 0);
    if (!snapshot) return;
    w.string(snapshot->name);
    w.u8(snapshot->complete ? 1 : 0);
    w.u32(uint32_t(snapshot->removed.size()));
    for (const auto& n : snapshot->removed) w.string(n);
}

Result<JobDoneMsg> JobDoneMsg::decode(WireReader& r)
{
    JobDoneMsg m;
    m.filesDeleted = r.u32();
    const uint8_t hasSnapshot = r.u8();
    if (hasSnapshot > 1) r.fail("unknown snapshot flag");
    if (hasSnapshot == 1) {
        SnapshotOutcome s;
        s.name = r.string(kMaxShortText);
        const uint8_t complete = r.u8();
        if (complete > 1) r.fail("unknown snapshot state");
        s.complete = complete == 1;
        // (A snapshot's name is 17 bytes; the count is bounded by the frame.)
        const uint32_t removed = r.count(kMaxBatchItems, 4 + 17);
        for (uint32_t i = 0; i < removed && !r.failed(); ++i) s.removed.push_back(r.string(kMaxShortText));
        m.snapshot = std::move(s);
    }
    FG_TRY(r.finish("JobDone"));
    return m;
}

Result<RateChangeMsg> RateChangeMsg::decode(WireReader& r)
{
    RateChangeMsg m;
    m.bytesPerSec = r.u64();
    const uint8_t paused = r.u8();
    if (paused > 1) r.fail("the pause flag is neither 0 nor 1");
    m.paused = paused == 1;
    FG_TRY(r.finish("RateChange"));
    return m;
}

void CancelMsg::encode(WireWriter& w) const { w.string(reason); }

Result<CancelMsg> CancelMsg::decode(WireReader& r)
{
    CancelMsg m;
    m.reason = r.string(kMaxMessageText);
    FG_TRY(r.finish("Cancel"));
    return m;
}

} // namespace fg::proto
