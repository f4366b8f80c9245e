#pragma once
#include "internal.h"
// The receiving role: plans each listed entry against the target as the list
// streams in, asks for the files it needs, writes them to temporary files,
// verifies their hash and renames them into place, then sets directory
// attributes and (with --delete) removes what the source lacks.
// Threads: this one plans; a network thread reads frames; a writer thread
// writes files; a stats thread reports counters.

#include "engine/dir_cache.h"
#include "engine/entry.h"
#include "engine/observer.h"
#include "engine/role_base.h"
#include "engine/role_params.h"
#include "exec/bounded_queue.h"
#include "metrics/stage_counters.h"
#include "plan/planner.h"
#include "proto/frame.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_set>

namespace fg {

class Receiver final : public RoleBase {
public:
    Receiver(RootSpec root, TransferParams params, proto::FrameLink& link, RoleObserver& observer, StageSet& stages);
    ~Receiver() override;

    Status run();

private:
    enum class Want : uint8_t { None, Write, ReplaceDirAndWrite, Finished };

    struct OpenFile {
        std::string tempName;
        platform::FileHandle handle;
        Hasher128 hasher;
        uint64_t written = 0;
    };

    Status resolveRoot(const proto::FileListBeginMsg& begin);
    void netLoop();
    void writeLoop();
    Status planBatch(proto::FileListBatchMsg&& batch, DirCache* dirs);
    Status planEntry(uint32_t index, DirCache* dirs, proto::PlanBatchMsg& out, std::vector<PlanItem>& items);
    Result<std::optional<TargetState>> targetState(const FileEntry& entry, DirCache* dirs);
    void cleanStaleTemps(const std::string& dirPath, DirCache& dirs);
    Status applyDecision(const FileEntry& entry, const Decision& decision, DirCache& dirs);
    Status finishList(const proto::FileListEndMsg& end);
    void finishDirectories(DirCache& dirs);
    void deleteExtraneous(DirCache& dirs);
    void handleData(const proto::Frame& frame, DirCache& dirs);
    void handleFileEnd(const proto::FileEndMsg& end, DirCache& dirs);
    void failFile(uint32_t index, const Error& error, bool tellSender);
    void dropOpenFile(uint32_t index, DirCache& dirs);
    std::string targetPath(const std::string& listPath) const;
    void notice(bool isError, const std::string& path, const Error& error);
    void abortQueues() override;
    bool endExchanged() const override { return m_jobDoneSent.load(); }
    uint32_t mask(uint32_t mode) const;

    RootSpec m_root;
    TransferParams m_params;
    PlanRules m_rules;
    StageCounters& m_receiveStage;
    StageCounters& m_planStage;
    StageCounters& m_writeStage;
    StageCounters& m_verifyStage;

    proto::RootKind m_rootKind = proto::RootKind::Contents;
    std::string m_rootName;      // as the sender named it
    std::string m_fileName;      // RootKind::File: the name it gets here
    std::optional<platform::DirHandle> m_rootDir;
    bool m_rootMissing = false;  // dry run into a destination that does not exist yet

    // The list as received (paths already mapped to target names), and the
    // state of each wanted file. Guarded: the planner appends, the writer reads.
    std::mutex m_listMutex;
    std::deque<FileEntry> m_list;
    std::deque<Want> m_wants;
    std::unordered_set<std::string> m_listedDirs;
    uint32_t m_scanErrors = 0;
    uint64_t m_unchanged = 0;
    uint64_t m_wantedCount = 0;
    uint64_t m_deletedCount = 0;

    std::map<uint32_t, OpenFile> m_open; // writer thread only

    BoundedQueue<proto::Frame> m_listQueue;
    BoundedQueue<proto::Frame> m_writeQueue;

    std::atomic<bool> m_jobDoneSent{false};
    // The network thread's end: after JobDone the receiver waits for it (the
    // sender closes first) before closing the link itself.
    std::mutex m_netMutex;
    std::condition_variable m_netCv;
    bool m_netDone = false;
};

} // namespace fg
