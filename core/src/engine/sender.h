#pragma once
#include "internal.h"
// The sending role: scans the source, streams the file list, and sends the
// data of every file the receiver asks for. Threads: this one scans; a control
// thread reads the receiver's plan and acknowledgements; a reader thread reads
// files; a send thread writes frames. Bounded queues join them.

#include "engine/dir_cache.h"
#include "engine/entry.h"
#include "engine/observer.h"
#include "engine/role_base.h"
#include "engine/role_params.h"
#include "exec/bounded_queue.h"
#include "exec/rate_limiter.h"
#include "metrics/stage_counters.h"
#include "proto/frame.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace fg {

class Sender final : public RoleBase {
public:
    Sender(RootSpec root, TransferParams params, proto::FrameLink& link, RoleObserver& observer,
           StageSet& stages, RateLimiter* limiter);
    ~Sender() override;

    // Runs the whole role; returns when the receiver confirmed the end of the
    // job, or with the error that stopped it.
    Status run();

private:
    struct ListedFile {
        std::string path;
        uint64_t size;
    };

    Status openRoot();
    Status scanAndList();
    void controlLoop();
    void readLoop();
    void sendLoop();
    // Send thread: the file whose bytes are going out now, for the progress view.
    void reportProgress(uint32_t index, uint64_t bytesSent);
    Status sendFile(uint32_t index, DirCache& dirs);
    bool enqueue(proto::Frame frame);
    void abortQueues() override;
    bool endExchanged() const override { return m_jobDone.load(); }
    std::optional<ListedFile> listed(uint32_t index);

    RootSpec m_root;
    TransferParams m_params;
    RateLimiter* m_limiter;
    StageCounters& m_scanStage;
    StageCounters& m_readStage;
    StageCounters& m_hashStage;
    StageCounters& m_sendStage;

    proto::RootKind m_rootKind = proto::RootKind::Contents;
    std::string m_rootName;
    std::optional<platform::DirHandle> m_rootDir; // the directory names are relative to
    std::string m_fileName;                        // RootKind::File: the file inside m_rootDir

    std::mutex m_listMutex;
    std::deque<FileEntry> m_list;

    BoundedQueue<uint32_t> m_wants;
    BoundedQueue<proto::Frame> m_sendQueue;

    std::atomic<bool> m_jobDone{false};
    uint32_t m_progressIndex = 0;  // send thread only
    bool m_progressStarted = false;
};

} // namespace fg
