#pragma once
#include "internal.h"
// The bottleneck classifier: from the evidence of the last few seconds it
// names the layer that limits the job, from a fixed vocabulary, with the
// evidence in one sentence with numbers and the fix in one sentence with
// numbers. A pure function: what it stands on is all in Evidence, so it is
// tested on recorded figures, and the engine, the CLI and the GUI ask the
// same one. The reasoning follows the field notes' triage (network first,
// then the stages' own busy time, then the shape of the data); each rule is
// in bottleneck.cpp and docs/DIAGNOSIS.md.

#include "diagnosis/evidence.h"

#include <string>

namespace fg::diagnosis {

enum class Layer : uint8_t {
    Unknown,           // nothing moved, or nothing stands out, or a figure it needs is missing
    SourceRead,        // reading the source files
    Hashing,           // the checksum of what is sent or written (and of old copies)
    DeltaMatch,        // matching a changed file against the receiver's signature
    Compression,
    Encryption,
    NetworkStack,      // the kernel's TCP work on one end's CPU (a fast link, a slow core)
    NetworkCongestion, // the path is full: the link's capacity, or a queue other traffic fills
    NetworkLoss,       // the path drops packets while its queue is empty (random loss)
    ReceiveWindow,     // the receiver's socket buffer caps the window below the path's BDP
    SendBuffer,        // our socket buffer caps what is in flight
    Decryption,
    Decompression,
    DestinationWrite,  // writing (and write-back throttling) on the receiving end
    PerFileOverhead,   // creating, opening, renaming many small files
    BandwidthLimit,    // the user's own --bwlimit
    RoundTrips,        // too little to leave slow start, or waits for answers on a long link
    RemoteCpu,         // the far end's CPU is saturated, spread over its stages
};

// "source-read", "network-loss", ... ("unknown").
const char* layerName(Layer layer);

struct Verdict {
    Layer layer = Layer::Unknown;
    // The end the limiting layer is on, when it is one end's: "sender",
    // "receiver" (empty for the network and the user's limit).
    std::string end;
    // The stage of that end the verdict stands on ("write" for a
    // per-file-overhead verdict on the receiver's writers), when it is one.
    std::string stage;
    // How much of the window that layer held it up (0-1).
    double share = 0;
    std::string evidence; // one sentence, with numbers
    std::string fix;      // one sentence, with numbers (empty: nothing to change)
    // When the fix is a setting of the job itself, that setting as its
    // command-line option ("--compress zstd:1"), for a front end to apply.
    std::string setting;
};

Verdict classify(const Evidence& evidence);

// The job setting a fix starts with ("--streams 4: ..." gives "--streams 4"),
// or empty when it names none (a sysctl, a disk, nothing to change).
std::string settingIn(const std::string& fix);

} // namespace fg::diagnosis
