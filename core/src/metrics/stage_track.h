#pragma once
#include "internal.h"
// Where a thread of the pipeline spends its time, counted at the boundaries
// it crosses: a queue's pop (waiting for input), a link's send (encrypting,
// the system call, waiting for the network), a file's read, a hash.
//
// Each thread that runs stages makes a StageTrack naming them in the order
// data goes through them: a sender's worker reads, hashes, matches,
// compresses, encrypts and sends. At every moment the thread is at one
// place: busy in a stage, or waiting at a stage's input or output. Its time
// there counts for every stage of its track: busy for that stage; for the
// stages before it, waiting on their output (what they made is being dealt
// with further on); for the stages after it, waiting on their input. So on
// every stage busy + waiting == the thread's lifetime, by construction.
//
// The boundaries mark places with StageScope, on whatever track the calling
// thread has: net/ marks encryption and the socket, exec/ nothing (its
// callers know what a wait means). A scope for a stage the thread's track
// does not have, or on a thread without a track, changes nothing: a stats
// thread's send is not the data's.

#include "metrics/stage_set.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <span>

namespace fg {

enum class StageState : uint8_t { Busy, WaitInput, WaitOutput };

class StageTrack {
public:
    // Long enough for any thread's stages (a sender's worker has six).
    static constexpr size_t kMaxStages = 8;

    // Made on the thread it counts, which it serves until destroyed there.
    // Until a scope says otherwise the thread is at `home`, a stage of the
    // track (default: busy in the first).
    StageTrack(StageSet& set, std::span<const StageId> stages, StageId home, StageState homeState);
    StageTrack(StageSet& set, std::initializer_list<StageId> stages, StageId home, StageState homeState)
        : StageTrack(set, std::span<const StageId>(stages.begin(), stages.size()), home, homeState)
    {
    }
    StageTrack(StageSet& set, std::initializer_list<StageId> stages)
        : StageTrack(set, stages, *stages.begin(), StageState::Busy)
    {
    }
    ~StageTrack();
    StageTrack(const StageTrack&) = delete;
    StageTrack& operator=(const StageTrack&) = delete;

    // The calling thread's track (nullptr if none).
    static StageTrack* current();

    // Adds this track's time per stage, up to `nowNs`, into `out` (any thread).
    void addTimes(std::array<StageTimes, kStageCount>& out, uint64_t nowNs) const;
    // Marks its stages in `ran`.
    void addStages(std::array<bool, kStageCount>& ran) const;
    // Counts bytes that went through one of its stages (nothing if it has
    // no such stage); for boundaries that know bytes but not the stage set.
    void addBytes(StageId id, uint64_t n);

private:
    friend class StageScope;
    struct Place {
        int8_t index = 0; // in m_stages
        StageState state = StageState::Busy;
    };
    static constexpr size_t kStates = 3;

    int indexOf(StageId id) const;
    // Charges the time since the last move to where the thread was, then
    // moves it to `to`; returns where it was. Owner thread only.
    Place moveTo(Place to);
    void charge(Place where, uint64_t ns);

    StageSet& m_set;
    std::array<StageId, kMaxStages> m_stages{};
    uint8_t m_count = 0;
    StageTrack* m_outer = nullptr; // the thread's track before this one
    Place m_place;                  // owner thread only
    uint64_t m_since = 0;           // owner thread only

    // Time at each place, written by the owner and read by snapshots on
    // other threads; m_seq is odd while the owner updates (a seqlock), so a
    // snapshot never sees time charged and still running at once.
    std::array<std::array<std::atomic<uint64_t>, kStates>, kMaxStages> m_time{};
    std::atomic<uint32_t> m_seq{0};
    std::atomic<uint8_t> m_livePlace{0}; // index * kStates + state
    std::atomic<uint64_t> m_liveSince{0};
};

// addBytes on the calling thread's track, if it has one.
void countStageBytes(StageId id, uint64_t n);

// Puts the calling thread at (stage, state) for the scope's life, then back
// where it was. Scopes nest: a send's socket wait inside its encryption.
class StageScope {
public:
    explicit StageScope(StageId stage, StageState state = StageState::Busy);
    ~StageScope();
    StageScope(const StageScope&) = delete;
    StageScope& operator=(const StageScope&) = delete;

private:
    StageTrack* m_track = nullptr; // null: nothing to do
    StageTrack::Place m_outer;
};

} // namespace fg
