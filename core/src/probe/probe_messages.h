#pragma once
#include "internal.h"
// The messages of `floodgate probe` (since protocol 12; docs/PROTOCOL.md,
// "Probe"). On the control connection, after Hello:
//   client ProbeRequest -> server JobAccept (or Error: unpaired, no such
//   module, read-only for a push probe, busy), then for a daemon the data
//   connections join as a job's do and the client sends StreamsReady;
//   then any number of client ProbePhase -> server ProbePhaseResult (a
//   network phase: the sending end pumps ProbeFill frames, on the first
//   `streams` data connections or, with 0, on the control connection) or
//   -> server ProbeMachine (a machine phase); ProbePhase End closes.

#include "probe/machine_speeds.h"
#include "probe/pump.h"
#include "proto/messages.h"

#include <optional>

namespace fg::proto {

struct ProbeRequestMsg {
    static constexpr MsgType kType = MsgType::ProbeRequest;
    // Push: the server's disk is the one written (a read-only module is
    // refused); Pull: it only reads.
    Direction direction = Direction::Push;
    std::string path;        // as JobRequest's: "MODULE[/path]" or the ssh path
    uint16_t streams = 0;    // data connections the client opens (daemon only)
    bool plainData = false;  // --cipher none, as for a job
    SessionToken token{};
    uint32_t ioTimeoutSec = 0;
    std::string congestion;  // --congestion for the data connections ("": the default)
    void encode(WireWriter& w) const;
    static Result<ProbeRequestMsg> decode(WireReader& r);
};

struct ProbePhaseMsg {
    static constexpr MsgType kType = MsgType::ProbePhase;
    enum class Kind : uint8_t { Network = 0, Machine = 1, End = 2 };
    Kind kind = Kind::End;
    // Network: who sends (Push: the client), on how many data connections,
    // for how long.
    Direction direction = Direction::Push;
    uint16_t streams = 0;
    uint32_t milliseconds = 0;
    // Machine: the disk test's bounds (the server caps them).
    uint64_t diskBytes = 0;
    uint32_t diskMilliseconds = 0;
    void encode(WireWriter& w) const;
    static Result<ProbePhaseMsg> decode(WireReader& r);
};

// The server's figures of a network phase: what it drained (the client
// sent) or what it pumped (the server sent).
struct ProbePhaseResultMsg {
    static constexpr MsgType kType = MsgType::ProbePhaseResult;
    std::optional<probe::DrainFigures> drained;
    std::optional<probe::PumpFigures> pumped;
    void encode(WireWriter& w) const;
    static Result<ProbePhaseResultMsg> decode(WireReader& r);
};

struct ProbeMachineMsg {
    static constexpr MsgType kType = MsgType::ProbeMachine;
    probe::MachineSpeeds machine;
    void encode(WireWriter& w) const;
    static Result<ProbeMachineMsg> decode(WireReader& r);
};

} // namespace fg::proto
