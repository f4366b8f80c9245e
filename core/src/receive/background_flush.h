#pragma once
#include "internal.h"
// With --fsync=end a job ends with one flush of the destination's file system.
// Data left dirty until then makes the user wait for the disk after the network
// is done; flushing in the background while data arrives lets the disk work
// alongside the network, so the last flush finds little left to write.

#include "exec/task_thread.h"
#include "metrics/stage_track.h"
#include "platform/fs.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace fg {

class BackgroundFlush {
public:
    // Flushes the file system of `dir` each time the write stage's bytes
    // have grown by a batch's worth (or some are left after a while); its
    // time counts as the write stage's.
    BackgroundFlush(platform::DirHandle dir, StageSet& stages);
    ~BackgroundFlush();
    // Flushes now, whatever has piled up: the job's last file is in place,
    // so the final flush can start while the last messages are on their way.
    void flushNow();
    BackgroundFlush(const BackgroundFlush&) = delete;
    BackgroundFlush& operator=(const BackgroundFlush&) = delete;

private:
    void loop();

    platform::DirHandle m_dir;
    StageSet& m_stages;
    // The write stage's bytes when this was made: what comes after is to
    // flush (read here, not on the thread, which may start late).
    const uint64_t m_writtenAtStart;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    bool m_now = false;
    exec::TaskThread m_thread;
};

} // namespace fg
