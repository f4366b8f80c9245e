#pragma once
#include "internal.h"
// What both roles of one transfer act on, whether the peer is in-process,
// across a TLS connection or at the end of an ssh pipe: the user's
// TransferOptions (the set a job request carries, include/floodgate/options.h)
// and what the job or the serving end adds to them.

#include <floodgate/options.h>

#include <string>

namespace fg {

struct TransferParams : TransferOptions {
    TransferParams() = default;
    explicit TransferParams(const TransferOptions& options) : TransferOptions(options) {}

    // The bandwidth limit in force for this role (a timetable's rate now);
    // 0 = unlimited. It travels in the request, and changes in RateChange.
    uint64_t bwlimitBytesPerSec = 0;
    // Set by a daemon that does not keep owners for its module: what the
    // receiver tells the client instead.
    std::string ownershipRefused;
    // A daemon's module keeps this much free (floodgate.conf min-free): the
    // receiver refuses files that would take it below, before writing them.
    uint64_t keepFreeBytes = 0;
    double keepFreeShare = 0;
    std::string keepFreeModule; // for the message
    // Set by a daemon whose module has its own snapshot retention
    // (floodgate.conf snapshot-keep-*): `keep` is the module's, and the
    // receiver says so ("module 'backup'").
    std::string keepSetBy;
    // Both roles run in this process (a local copy): reading the old copy to
    // save writing the new one does not pay there.
    bool localCopy = false;
};

// Where a role's tree is: `relative` (possibly empty) below a trusted `base`.
// Symlinks are followed in base (the user's own path, or a module's root)
// but never below it. trailingSlash keeps rsync's "contents of" meaning.
struct RootSpec {
    std::string base;
    std::string relative;
    bool trailingSlash = false;
    // The daemon receives from remote clients: setuid/setgid bits are dropped.
    bool stripSpecialModeBits = false;
    // A daemon's module: -L follows only links whose target is inside base.
    bool confineFollowedLinks = false;
    // How messages name the base ("photos" for a module); empty: the base itself.
    std::string displayBase;

    const std::string& shownBase() const { return displayBase.empty() ? base : displayBase; }
    std::string display() const { return relative.empty() ? shownBase() : shownBase() + "/" + relative; }
};

// The parameters of a job the user asked for with `options` here: theirs,
// with the rules the job implies (--partial-dir's folder is never sent and
// kept from --delete, added after the user's filters as rsync adds them).
TransferParams paramsFromOptions(const SyncOptions& options);

} // namespace fg
