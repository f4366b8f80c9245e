#pragma once
#include "exec/rate_limiter.h"
#include "internal.h"
// The receiving role: plans each listed entry against the target as the list
// streams in, asks for the files it needs, writes them to temporary files,
// verifies their hash and renames them into place, then sets directory
// attributes and (with --delete) removes what the source lacks.
// Threads: this one plans; one network thread per link reads frames; a pool
// of writers writes files (the frames of one file that come on one link go to
// one writer, so a big file sent over several links is written by several);
// a signer reads the old copies of files that come as deltas; a stats thread
// reports counters.

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "common/clock.h"
#include "delta/ops.h"
#include "delta/signature.h"
#include "exec/bounded_queue.h"
#include "exec/task_thread.h"
#include "metrics/stage_track.h"
#include "options/transfer_params.h"
#include "plan/chmod_rules.h"
#include "plan/partial_files.h"
#include "plan/planner.h"
#include "proto/frame.h"
#include "receive/background_flush.h"
#include "receive/backups.h"
#include "receive/basis_signer.h"
#include "receive/chunk_ledger.h"
#include "receive/destination_fs.h"
#include "receive/link_dest.h"
#include "receive/name_guard.h"
#include "receive/name_mapper.h"
#include "receive/payload_expander.h"
#include "receive/staged_folders.h"
#include "receive/owners.h"
#include "receive/stored_names.h"
#include "role/observer.h"
#include "role/role_base.h"
#include "scan/dir_cache.h"
#include "scan/file_entry.h"
#include "scan/file_list.h"
#include "snapshot/snapshot_folder.h"

#include <atomic>
#include <memory>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <shared_mutex>
#include <span>
#include <unordered_map>
#include <unordered_set>

namespace fg {

class Receiver final : public RoleBase {
public:
    // dataLinks may be empty: then file data comes on the control link.
    // readLimiter (optional, outliving the role): file data is read no
    // faster than it allows, so that TCP slows the sender down (a daemon's
    // cap on a push).
    Receiver(RootSpec root, TransferParams params, proto::FrameLink& control, std::vector<proto::FrameLink*> dataLinks,
             RoleObserver& observer, StageSet& stages, RateLimiter* readLimiter = nullptr);
    ~Receiver() override;

    Status run();
    void addDataLink(proto::FrameLink* link) override;

    // What a frame waiting for a writer holds of memory, as the writer's
    // queue counts it against its bound: its buffer, whose capacity a
    // recycled one keeps whatever it carries now, and its bookkeeping (a tiny
    // file's frame is mostly the latter). So the bound is one of memory
    // whatever the files' sizes.
    static size_t queuedFrameCost(const proto::Frame& frame);

    // A frame whose buffer is at most this big goes back to the network
    // threads once written (small files' frames); a bigger one is freed. The
    // spares a writer's queue keeps are at most half its bound
    // (BoundedQueue::pushQuietly), so a receiver's are at most 16 MiB, and
    // with its queued frames about the 32 MiB its queues may hold.
    static constexpr size_t kSpareFrameBytes = 16 * 1024;

private:
    // WriteNew: written where nothing was when it was planned (a small file
    // then takes its name by a link, Receiver::placeUnnamed).
    // WriteDirect: new, and made under its own name in a folder built out of
    // sight (StagedFolders).
    // MakingDirect: a WriteDirect file that came whole in one frame, being
    // made by the writer that took it (makeDirect); other frames of it are
    // dropped, as for a finished one.
    enum class Want : uint8_t { None, Write, WriteNew, WriteDirect, MakingDirect, ReplaceDirAndWrite, Finished };
    static bool writes(Want want)
    {
        return want == Want::Write || want == Want::WriteNew || want == Want::WriteDirect
               || want == Want::MakingDirect || want == Want::ReplaceDirAndWrite;
    }

    // The stages each kind of thread runs, in the order data goes through
    // them (see metrics/stage_track.h). Network threads: frames off a link,
    // decrypted (in net/) and decompressed.
    static constexpr StageId kReceiveStages[] = {StageId::Receive, StageId::Decrypt, StageId::Decompress};
    static constexpr StageId kPlainReceiveStages[] = {StageId::Receive, StageId::Decompress};
    static std::span<const StageId> receiveStagesFor(const proto::FrameLink& link);
    // Writers: into temporary files (a delta rebuilt from its old copy
    // first), checked, renamed into place.
    static constexpr StageId kWriterStages[] = {StageId::Apply, StageId::Write, StageId::Verify, StageId::Commit};

    // A file being written, by as many writers as links carry its chunks.
    // `gate` is held shared while a frame's bytes go to disk and exclusively
    // to verify, commit or drop the file, so nothing is written into a file
    // after it was checked; with the gate shared, `state` guards the rest.
    struct OpenFile {
        explicit OpenFile(ChecksumChoice checksum) : chunks(checksum) {}
        std::shared_mutex gate;
        std::mutex state;
        // Held while bytes go into the file. The kernel lets one buffered
        // write into a file at a time anyway (ext4 takes the inode lock), and
        // spins a core while it waits: here a writer sleeps instead, and its
        // reading and hashing still overlap the other's write.
        std::mutex writing;
        bool created = false; // its temporary file exists (else frames are dropped)
        bool closed = false;  // committed or dropped: frames still on their way are dropped
        // --inplace: tempName is the target's own name; nothing is renamed,
        // and a failure leaves the target incomplete rather than unlinking it.
        bool inPlace = false;
        // Where it goes, under the destination (targetPath() of its entry):
        // made once, when the file is opened.
        std::string target;
        std::string tempName;
        platform::FileHandle handle;
        // A second handle on the temporary that holds its lock until it is
        // renamed or removed, so that other jobs' clean-up leaves it alone
        // after the data's handle is closed (createLockedTemp).
        platform::FileHandle lockHolder;
        // On a local disk (FsTraits::localDisk) the lock is on `handle`
        // itself, which stays open until the file has its name, and the file
        // is made with the mode it keeps (createdMode, the umask's bits out).
        bool lockOnHandle = false;
        // Made without a name (FsTraits::anonymousTemps, a small file): no
        // other job can see it, so it needs no lock; committing names it,
        // failing closes it and nothing is left. The local-disk order of
        // lockOnHandle otherwise (createdMode, time on the open file).
        bool unnamed = false;
        // Made under its own name in a folder built out of sight
        // (Want::WriteDirect): committing leaves it where it is, failing
        // unlinks it; the local-disk order of lockOnHandle otherwise.
        bool direct = false;
        uint32_t createdMode = 0600;
        ChunkLedger chunks; // what arrived, and whether it adds up
        // A delta's old copy, opened when its first instructions come.
        std::shared_ptr<platform::FileHandle> basis;
        delta::BasisGeometry geometry;
        // What the delta took from the old copy (or the partial file): not
        // moved, for the job's count of what crossed.
        std::atomic<uint64_t> fromBasis{0};
    };

    // A frame and the link it came on.
    struct Inbound {
        proto::Frame frame;
        uint16_t link = 0;
    };

    struct Writer {
        explicit Writer(size_t capacity) : queue(capacity) {}
        BoundedQueue<Inbound> queue;
        exec::TaskThread thread;
    };

    // What the signer asks of this receiver.
    BasisSigner::Host signerHost();
    Status dryRunIntoMissingRoot(std::optional<platform::DirHandle> above);
    Status resolveRoot(const proto::FileListBeginMsg& begin);
    void controlLoop();
    void dataLoop(proto::FrameLink* link, uint16_t number);
    // Writers handed frames quietly by one network thread (a bit each), woken
    // together once it has no more frames at hand, or after kQuietFrames of
    // them (a link that always has more, as an in-process one can, would
    // otherwise leave them asleep until a queue filled): one wake-up for a run
    // of small files rather than one each (two system calls a file, a sixth
    // of the receiver's calls).
    // Also each network thread's spare frame: one a writer handed back
    // (BoundedQueue's recycling), whose buffer the next frame read fills.
    struct QuietWriters {
        uint64_t mask = 0;
        unsigned frames = 0;
        std::optional<Inbound> spare;
    };
    // The next frame off `link`, into the thread's spare frame's buffer if it
    // has one.
    Result<proto::Frame> receiveReusing(proto::FrameLink& link, QuietWriters& quiet);
    static constexpr unsigned kQuietFrames = 64;
    // Hands a file's frame to the writer of its file and link, which keeps the
    // frames of a chunk in order; quietly (`quiet` notes the writer) unless
    // `quiet` is null.
    bool route(Inbound item, QuietWriters* quiet);
    bool routeData(proto::Frame& frame, uint16_t link, PayloadExpander& expander, QuietWriters* quiet);
    void wakeWriters(QuietWriters& quiet);
    // Replaces a compressed Data, SmallFile or Delta payload by its raw bytes
    // (the flags then say raw). False when it could not be: the job then
    // fails with a protocol error that names the file and the frame.
    bool expandOnArrival(proto::Frame& frame, PayloadExpander& expander);
    // "the Data frame at offset N of PATH", for errors about a frame.
    std::string describeDataFrame(const proto::Frame& frame);
    void writeLoop(Writer& writer);
    Status planBatch(proto::FileListBatchMsg&& batch, DirCache* dirs);
    // Tree summaries (receiver_summaries.cpp): the destination digested as
    // the sender would list it, sent breadth first (an empty last batch when
    // there is nothing to compare with); and a subtree the sender says is the
    // same, planned from the destination's own entries.
    Status sendTreeSummaries();
    Status planSame(const proto::FileListSameMsg& same, DirCache* dirs);
    // The sender's whole tree is the mirror: planned from it, and the list
    // complete (true), without waiting for the sender's FileListSame.
    Result<bool> takeWholeTree(const proto::TreeRootMsg& root, DirCache* dirs);
    // The mirror as the whole list, every entry unchanged (takeWholeTree,
    // where nothing but the entries can matter: mirrorNeedsNoPlan).
    void takeMirror(DirCache* dirs);
    bool mirrorNeedsNoPlan() const;
    // The list is complete: the mirror is no longer needed.
    void releaseMirror();
    // The destination's state of list entry `index`, one of those planSame
    // is planning, as the summary's scan saw it.
    std::optional<TargetState> mirrorState(uint32_t index) const;
    Status planEntry(uint32_t index, DirCache* dirs, proto::PlanBatchMsg& out, std::vector<PlanItem>& items);
    Result<std::optional<TargetState>> targetState(const FileEntry& entry, DirCache* dirs);
    // Clears what interrupted runs left in an existing directory (a dry run
    // only looks) and notes which of its files have partials to resume from.
    void lookForLeftovers(const std::string& dirPath, DirCache& dirs);
    // The partial file an interrupted run left for this target, if any.
    std::optional<std::string> partialFor(const std::string& target, DirCache& dirs);
    void removePartial(const std::string& target, const std::string& partial, DirCache& dirs);
    // --partial-dir: the folders whose partial files were all used up go.
    void removeEmptyPartialFolders(DirCache& dirs);
    Status applyDecision(const FileEntry& entry, const Decision& decision, const FsTraits& fs, DirCache& dirs);
    // The file system a target directory is on ("" is the root), probed the
    // first time one of its directories is planned.
    const FsTraits& traitsOf(std::string_view targetDir, DirCache* dirs);
    // The same from another thread, for a directory already planned (nullptr
    // otherwise).
    const FsTraits* plannedTraitsOf(const std::string& targetDir) const;
    // On a file system that folds names: the target is stored under another
    // spelling of its name ("photo.jpg" for "Photo.JPG"); rename it to the
    // source's.
    void matchSpelling(const std::string& target, int64_t mtimeNs, const FsTraits& fs, DirCache& dirs);
    // --link-dest: the file is as an earlier snapshot has it; link it from
    // there (a dry run only says so). False: it travels as planned.
    bool linkFromSnapshot(const FileEntry& entry, const std::string& target, const PlanRules& rules, DirCache* dirs);
    // --snapshot (receiver_snapshot.cpp): the destination folder is taken
    // for a new snapshot, which becomes the root the job writes into, with
    // the newest complete one to link from.
    Status beginSnapshot();
    // After the last file is in place and flushed: a file that failed is
    // given its version from the previous snapshot (never less than the last
    // one had); a job that lost nothing else completes the snapshot, then the
    // retention rule removes old ones.
    void finishSnapshot(DirCache* dirs);
    // The failed files' previous versions linked in: (kept, could not be).
    std::pair<uint64_t, uint64_t> keepPreviousVersions(DirCache* dirs);
    // A chmod of a file this job made failed because the file system cannot
    // set modes: said once for the job, and the file goes on.
    void modesNotKept(const Error& error, const std::string& where = {});
    // Gives a received or planned entry the owner and group -o/-g/--chown
    // ask for (nothing when they are not kept here). A file system that
    // cannot (FAT) is one warning.
    Status setOwners(const FileEntry& entry, const std::function<Status(uint32_t uid, uint32_t gid)>& chown);
    // A create that failed because the destination cannot hold the name
    // (EINVAL, EILSEQ, EPERM from FAT-like file systems): the message says
    // which rule the name breaks and what to do.
    Error explainRefusedName(Error error, const std::string& target) const;
    // --name-mapping: at the first entry, whether names go into look-alikes,
    // back out of them, or as they are (the destination's file system and
    // the source's, as the sender said).
    void chooseNameWay(DirCache* dirs);
    // The path an entry is stored under, and whether it may be: a name the
    // destination cannot hold is refused (unless --name-mapping off); with
    // map, case collisions get their suffix and a name read back that
    // another took is refused. False: refused, reported at the end.
    bool placeName(uint32_t index, const std::string& listPath, bool isDir, uint8_t collisionBits, const FsTraits& fs,
                   std::string& target);
    Status finishList(const proto::FileListEndMsg& end);
    void finishDirectories(DirCache& dirs);
    // -H: each later name of a file becomes a hard link of its first.
    void linkHardLinks(DirCache& dirs);
    void deleteExtraneous(DirCache& dirs);
    void handleData(const Inbound& in, DirCache& dirs);
    void handleChunkEnd(const proto::ChunkEndMsg& end, uint16_t link, DirCache& dirs);
    void handleFileEnd(const proto::FileEndMsg& end, uint16_t link, DirCache& dirs);
    // The region as it is in the temporary file hashes to what the sender read.
    bool matchesOnDisk(OpenFile& file, uint64_t offset, uint64_t length, const Digest& hash);
    void handleSmallFile(const proto::Frame& frame, DirCache& dirs);
    // A small file new in a folder built out of sight, whole in its frame and
    // matching its hash: taken from the list (Want::MakingDirect) with what
    // making it needs, or nullopt when it is not such a file (then the
    // open-file path has it). receiver_small.cpp.
    struct DirectFile {
        uint32_t index = 0;
        std::string target;
        uint32_t mode = 0; // as it is to be kept (modeToSet)
        int64_t mtimeNs = 0;
        uint64_t listedSize = 0; // for the observer, as openFor tells it
    };
    std::optional<DirectFile> claimDirect(const proto::SmallFileHeader& header);
    // Makes it under its name, writes, stamps and closes it, and settles it:
    // no open-file table entry, one take of the list lock before and one after.
    void makeDirect(const DirectFile& file, const uint8_t* data, size_t n, DirCache& dirs);
    // A file makeDirect made, unlinked after a failure (or after another
    // writer's failure settled it): its folder may then be placed.
    void unmakeDirect(const DirectFile& file, const platform::DirHandle& dir, platform::FileHandle& handle,
                      DirCache& dirs);
    void handleDelta(const Inbound& in, DirCache& dirs);
    void reportProgress(uint32_t index, OpenFile& file);
    // How fast file data has come in (bytes a second), once enough came to
    // say; 0 before. Against the signing's rate, it chooses delta or whole.
    double receiveRate() const;
    // The open file for a frame, created by the first frame that needs it;
    // nullptr when the frame is to be dropped (the file is settled) or the
    // file could not be created (then failed). Its gate is not held.
    // `entryKnown`: *entry was filled by a wantOf() of this file already
    // (a small file's, checked before it is opened): not copied again.
    std::shared_ptr<OpenFile> openFor(uint32_t index, DirCache& dirs, FileEntry* entry, bool entryKnown = false);
    // A new temporary for `name` in `dir`, into file.tempName, file.handle
    // (for the data) and file.lockHolder (locked: it is live).
    // `createMode`: the mode to make it with (0600 unless it is on a local
    // disk, where the file keeps the one it is made with).
    Status createLockedTemp(const platform::DirHandle& dir, std::string_view name, OpenFile& file, bool localDisk,
                            uint32_t createMode);
    // These need the file's gate held exclusively.
    // Where every end of a file's data leads (ChunkEnd, FileEnd): committed
    // when it is whole and matches, failed when it does not match.
    void settle(OpenFile& file, uint32_t index, const FileEntry& entry, const ChunkVerdict& verdict, DirCache& dirs);
    // The one way a file that does not match what the sender read fails:
    // `what` says which part; its temporary goes (file: null when none was
    // made yet).
    void verifyFailed(OpenFile* file, uint32_t index, const std::string& target, const std::string& what, DirCache& dirs);
    void commit(OpenFile& file, uint32_t index, const FileEntry& entry, uint64_t size, int64_t mtimeNs, uint32_t mode,
                DirCache& dirs);
    // The end of a file placed and settled (commit, makeDirect): what an
    // interrupted run left of it goes, the observer and the sender are told
    // (the acknowledgement batched, kAcksAtOnce); `last`: the job's last one.
    void acknowledgePlaced(uint32_t index, const std::string& target, uint64_t size, uint64_t moved, bool last,
                           DirCache& dirs);
    // A file made under its own name in a staged folder and left unfinished
    // goes (gone already is as good), and its folder is told; one that could
    // not be unlinked may be torn, keeps the folder out of sight, and fails
    // the job.
    void unlinkUnfinishedDirect(const Result<const platform::DirHandle*>& parent, std::string_view name,
                                const std::string& target, DirCache& dirs);
    // Gives an unnamed file (OpenFile::unnamed) its name in `dir`: by one link
    // where nothing was there (`isNew`); else, as a named temporary would go,
    // linked under a temporary name (locked first: then no other job's
    // clean-up takes it) and renamed over what is there.
    Status placeUnnamed(OpenFile& file, const platform::DirHandle& dir, std::string_view name, bool isNew);
    // Closes and removes the temporary file. keepPartial: the job stops with
    // the file unfinished; what it has becomes the partial file the next run
    // resumes from.
    void discard(OpenFile& file, uint32_t index, DirCache& dirs, bool keepPartial = false);
    void failFile(uint32_t index, const Error& error, bool tellSender);
    // Fails the file (telling the sender) and discards what it has; the
    // caller does not hold the file's gate.
    void giveUp(OpenFile& file, uint32_t index, const Error& error, DirCache& dirs);
    // Its entry in m_openFiles goes, if it is still this file's.
    // The end of a verification failure's message: what the destination has now.
    static std::string whatWasKept(const OpenFile& file);
    void forgetOpenFile(uint32_t index, const OpenFile& file);
    // discard() for the file's open file, if it has one.
    void dropOpenFile(uint32_t index, DirCache& dirs, bool keepPartial = false);
    // The state of a listed file; Finished once settled, and while another
    // writer makes it whole (MakingDirect): either way its frames are dropped.
    Result<Want> wantOf(uint32_t index, FileEntry* entry);
    // Marks a file Finished, m_listMutex held; true when it was the last
    // wanted file of a complete list.
    // `wasDirect`: the file was Want::WriteDirect (its folder counts it).
    bool settleLocked(uint32_t index, bool* wasDirect = nullptr);
    // Gives the folders built out of sight that are complete their names.
    void placeStaged(DirCache& dirs);
    // At the job's end: every folder still out of sight (jobOk: a failure
    // to place one fails the job; after a failure it is said).
    void placeAllStaged(DirCache& dirs, bool jobOk);
    // Whether a new folder is built out of sight (StagedFolders).
    bool stagesFolder(const FsTraits& fs) const;
    // Every wanted file is in place (or failed) and the list is complete:
    // the writers stop and the final flush starts; JobDone follows.
    void allSettled();
    std::string targetPath(std::string_view listPath) const;
    void abortQueues() override;
    bool endExchanged() const override { return m_jobDoneSent.load(); }
    // The mode an entry gets here: the source's, through --chmod, without
    // setuid/setgid where the daemon strips them.
    uint32_t finalMode(uint32_t mode, bool isDir) const;
    // --no-perms: what a new entry gets (the source's mode less the umask).
    uint32_t newEntryMode(uint32_t mode) const { return mode & 0777 & ~m_umask; }
    // The mode a received file gets: finalMode(), or under --no-perms the one
    // its old version had (or newEntryMode() for a new file).
    uint32_t modeToSet(uint32_t index, uint32_t sourceMode);
    uint32_t modeToSetLocked(uint32_t index, uint32_t sourceMode) const; // m_listMutex held

    RootSpec m_root;
    TransferParams m_params;
    PlanRules m_rules;
    ChmodRules m_chmod;
    std::optional<Error> m_badChmod; // a --chmod from the peer that does not parse
    // Where partial files are kept (--partial-dir), and a --partial-dir from
    // the peer that is refused.
    PartialLayout m_partialLayout;
    std::optional<Error> m_badPartialDir;
    // The destination cannot be written: the job fails at the first change
    // it plans (planning thread).
    std::optional<Error> m_rootUnwritable;
    // A daemon module's free-space floor (min-free): what the files planned
    // so far may still take, and the floor itself, for the message.
    std::optional<uint64_t> m_roomAboveFloor;
    uint64_t m_freeFloor = 0;
    const uint32_t m_umask;
    Owners m_owners; // -o/-g/--chown
    std::atomic<bool> m_ownersWarned{false};
    // --no-perms: the mode each updated file had, which it keeps (m_listMutex).
    std::unordered_map<uint32_t, uint32_t> m_keptModes;
    // --inplace: the files written over their old copy (or made under their
    // own name), not through a temporary (m_listMutex).
    std::unordered_set<uint32_t> m_inPlace;
    // Bytes and items per stage (their time is counted by the threads'
    // StageTracks).
    StageCounters& m_receiveStage;
    StageCounters& m_planStage;
    StageCounters& m_writeStage;
    StageCounters& m_verifyStage;
    StageCounters& m_decompressStage; // bytes out, frames that came compressed
    RateLimiter* const m_readLimiter;

    proto::RootKind m_rootKind = proto::RootKind::Contents;
    std::string m_rootName;      // as the sender named it
    std::string m_fileName;      // RootKind::File: the name it gets here
    std::optional<platform::DirHandle> m_rootDir;
    std::unique_ptr<BackgroundFlush> m_flusher; // --fsync=end: the disk keeps up
    bool m_rootMissing = false;  // dry run into a destination that does not exist yet

    // The list as received, and the state of each wanted file (guarded by
    // m_listMutex: the planner appends, the writers read and settle).
    FileList m_list;
    // Tree summaries: the destination as the sender would list it, and the
    // subtrees summarised (path: first index in m_mirror, entry count).
    FileList m_mirror;
    std::unordered_map<std::string, std::pair<uint32_t, uint32_t>> m_mirrorDirs;
    // The whole destination's digest, when it was summarised: a sender whose
    // TreeRoot says the same has listed exactly the mirror.
    std::optional<std::pair<uint32_t, Digest>> m_mirrorRoot;
    bool m_mirrorPlainNames = true; // the destination's file system holds any name
    bool m_mirrorOneDevice = true;  // the scan stayed on the root's file system
    // A list frame came while the destination was being summarised: the
    // sender listed without waiting, and the summaries are moot.
    std::atomic<bool> m_summariesMoot{false};
    uint64_t m_sameEntries = 0;
    // While planSame plans: list indices [listBase, listBase + count) are
    // the mirror's from mirrorBase on (count 0: none).
    struct SameRange {
        uint32_t listBase = 0;
        uint32_t mirrorBase = 0;
        uint32_t count = 0;
    } m_same;
    std::mutex m_listMutex;
    std::deque<Want> m_wants;
    // FileDone acknowledgements sent; every kAcksAtOnce-th goes out at once.
    static constexpr uint32_t kAcksAtOnce = 512;
    std::atomic<uint32_t> m_acksUnsent{0};
    // Target directories whose leftovers were looked at ("" is the root), and
    // the files in them with a partial beside them (planning thread only).
    std::unordered_set<std::string> m_leftoversLooked;
    std::unordered_set<std::string> m_withPartials;
    // Target directories this job made (planning thread only): empty when
    // made, so the files planned into them need no look at the disk (two
    // failed stats a file were a fifth of a small-file job's system calls).
    std::unordered_set<std::string> m_madeDirs;
    // New folders built out of sight, their small files made in them under
    // their own names; m_staging once one is.
    StagedFolders m_staged;
    std::atomic<bool> m_staging{false};
    // What each destination file system keeps (planning thread), and the
    // file system of each target directory planned so far.
    DestinationFileSystems m_fileSystems;
    // Written by the planner only, read by the writers (under the lock).
    std::unordered_map<std::string, const FsTraits*> m_dirTraits;
    mutable std::shared_mutex m_dirTraitsMutex;
    std::string m_lastTraitsDir; // traitsOf's last answer (planning thread)
    const FsTraits* m_lastTraits = nullptr;
    // Some destination stamps files it renames (fusefat): the writers look
    // up each file's file system only then.
    std::atomic<bool> m_anyStampAfterRename{false};
    // A dry run into a destination that does not exist yet: the directory it
    // would be made in is probed in its place.
    std::optional<platform::DirHandle> m_rootParent;
    // Source names that are one name here are refused, never merged.
    NameGuard m_names;
    StoredNames m_storedNames;
    // --name-mapping map: list path -> stored path, and what placeName
    // remembers for it (planning thread): how many names of a directory fold
    // to one key (a suffix for the second on), and the targets of names read
    // back (hash -> index), where two could become one.
    NameMapper m_mapper;
    bool m_sourceWindowsNames = false;
    std::unordered_map<std::string, unsigned> m_foldedTaken;
    std::unordered_map<uint64_t, uint32_t> m_readBackTargets;
    // -b, --backup-dir: what is replaced or deleted is kept (null: not asked,
    // or a dry run).
    std::unique_ptr<Backups> m_backups;
    // --link-dest: unchanged files hard-linked from earlier snapshots.
    std::unique_ptr<LinkDest> m_linkDest;
    uint64_t m_linked = 0;
    bool m_linkWarned = false;
    // -H: (follower, leader) list indices, linked once every file is in place.
    std::vector<std::pair<uint32_t, uint32_t>> m_hardLinks;
    // Files that failed (m_listMutex): a hard link to one is not made.
    std::unordered_set<uint32_t> m_failedFiles;
    // Of those, the ones that did not vanish or change while read (rsync's
    // 24): one of these leaves a --snapshot incomplete.
    uint64_t m_filesLost = 0;
    // Files that found no space since the last one committed (m_listMutex):
    // a full destination fails every file alike, so the job stops at a few.
    uint32_t m_noSpaceInARow = 0;
    // --snapshot: the folder of snapshots the destination is.
    std::optional<snapshot::Folder> m_snapshot;
    std::optional<SnapshotOutcome> m_snapshotOutcome; // for JobDone
    // Directories the sender listed without their contents (-x,
    // --exclude-if-present): --delete leaves what is in them alone.
    std::unordered_set<std::string> m_omittedDirs;
    std::atomic<bool> m_modesWarned{false};
    uint32_t m_scanErrors = 0;
    uint64_t m_unchanged = 0;
    uint64_t m_wantedCount = 0;
    uint64_t m_settledCount = 0; // of the wanted files (m_listMutex)
    bool m_listComplete = false; // (m_listMutex)
    uint64_t m_deletedCount = 0;

    std::mutex m_dataMutex; // guards the data links and their threads
    std::vector<proto::FrameLink*> m_dataLinks;
    std::vector<exec::TaskThread> m_dataThreads;
    bool m_acceptLinks = true;
    bool m_started = false; // run() reads the data links (m_dataMutex)
    std::vector<std::unique_ptr<Writer>> m_writers;
    // Files being written. An entry is made, under this lock, only while the
    // file is wanted; it is settled before its entry goes.
    std::mutex m_openMutex;
    std::unordered_map<uint32_t, std::shared_ptr<OpenFile>> m_openFiles;
    BoundedQueue<proto::Frame> m_listQueue;

    std::atomic<bool> m_jobDoneSent{false};
    // The control thread's end: after JobDone the receiver waits for it (the
    // sender closes first) before closing the link itself.
    std::mutex m_netMutex;
    std::condition_variable m_netCv;
    bool m_netDone = false;
    std::atomic<size_t> m_dataLinksAlive{0};

    const uint64_t m_startNs;
    // Old copies signed for deltas, and partial files to resume from. Last:
    // its thread asks the members above about files.
    BasisSigner m_signer;
};

} // namespace fg
