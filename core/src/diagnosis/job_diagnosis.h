#pragma once
#include "internal.h"
// The bottleneck diagnosis of one job, as the user sees it. From the moment
// data begins to move, four times a second, it reads both ends: this
// process's own stages, machine and the connections it sends on, and the
// far end's latest figures (its Stats). The last two seconds of readings are
// the evidence (diagnosis::EvidenceWindow), the classifier names the layer
// (diagnosis::classify) and the timeline holds it steady
// (diagnosis::VerdictTimeline). The job shows current() in its snapshots,
// says each change as an event and puts the job's verdict in its result.

#include "diagnosis/bottleneck.h"
#include "diagnosis/evidence_window.h"
#include "diagnosis/readings.h"
#include "diagnosis/verdict_timeline.h"
#include "exec/task_thread.h"

#include <floodgate/metrics.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace fg {

class JobDiagnosis {
public:
    // Which ends of the job this process is.
    enum class Here : uint8_t { BothEnds, Sender, Receiver };

    // What the job gives it, each asked on the diagnosis thread with no lock
    // of the diagnosis held.
    struct Sources {
        // This process's stage counters (both roles' for a local copy).
        std::function<std::vector<StageSnapshot>()> stages;
        // The connections this process sends data on (none unless it is the sender).
        std::function<std::vector<diagnosis::ConnectionReading>()> connections;
        // Payload bytes moved so far (of files finished and in flight), the
        // files finished and their sizes.
        struct Moved {
            uint64_t bytes = 0;
            uint64_t files = 0;
            uint64_t fileBytes = 0;
        };
        std::function<Moved()> moved;
        std::function<diagnosis::Settings()> settings;
        // The path's capacity in bytes/s, when `floodgate probe` measured it
        // (net/link_memory.h); 0: unknown.
        uint64_t linkRate = 0;
        // The layer shown changed (called with no lock of the diagnosis held).
        std::function<void(double atSec, const Bottleneck&)> changed;
    };

    JobDiagnosis(Here here, bool overSsh, Sources sources);
    ~JobDiagnosis();
    JobDiagnosis(const JobDiagnosis&) = delete;
    JobDiagnosis& operator=(const JobDiagnosis&) = delete;

    // Data begins to move, `jobSec` into the job: readings from now on, every
    // `interval`. The timeline and the changes are told in the job's time (a
    // front end draws them under its chart of the job); the classifier counts
    // from here (slow start is the data's, not the connecting's). A second
    // call does nothing.
    void start(double jobSec = 0, std::chrono::milliseconds interval = std::chrono::milliseconds(250));
    // The job ends: a last reading, and no more.
    void stop();

    // The far end's latest figures (from any thread).
    void farEnd(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections);
    // The connections the far end sends on, as its latest Stats gave them.
    std::vector<diagnosis::ConnectionReading> farConnections() const;

    // One reading, `atSec` after data began to move (the thread's tick; tests
    // call it directly without start(), in which case the job's time is the same).
    void sample(double atSec);

    Bottleneck current() const;
    std::vector<BottleneckSpan> timeline() const;
    // The layer that limited the job longest (as the timeline shows it). A
    // job in which no layer stood out is judged on all of its figures at once.
    Bottleneck jobVerdict() const;
    // The CPU time (user + system) each end's process spent while data moved:
    // this process's and the far end's (from its Stats; unset when it sent
    // none). The far end of a daemon job is the whole daemon.
    struct CpuUsed {
        std::optional<double> local;
        std::optional<double> far;
    };
    CpuUsed cpuUsed() const;

private:
    diagnosis::Reading read(double atSec);

    const Here m_here;
    const bool m_overSsh;
    const Sources m_sources;
    const platform::NetLimits m_netLimits; // read once: /proc/sys seldom changes in a job
    diagnosis::InterruptMeter m_interrupts; // on the sampling thread only

    mutable std::mutex m_mutex; // guards everything below
    diagnosis::EndReading m_farEnd;
    std::vector<diagnosis::ConnectionReading> m_farConnections;
    diagnosis::EvidenceWindow m_window;
    diagnosis::VerdictTimeline m_timeline;
    std::optional<diagnosis::Reading> m_first; // for a short job's verdict
    std::optional<diagnosis::Reading> m_last;
    diagnosis::Settings m_settings;
    bool m_judged = false; // a verdict was made (a window with time in it)
    double m_jobSecAtStart = 0;

    std::mutex m_threadMutex; // guards the thread and the three below
    std::condition_variable m_wake;
    bool m_started = false;
    bool m_stopping = false;
    std::chrono::steady_clock::time_point m_startedAt;
    exec::TaskThread m_thread;
};

} // namespace fg
