#pragma once
#include "internal.h"
// Where a job's two trees are, from its endpoints: the root each role works
// below, and the refusal of a destination inside its own source.

#include "options/transfer_params.h"

#include <floodgate/endpoint.h>
#include <floodgate/error.h>

namespace fg {

// The root a role works below for a local endpoint (the path, with rsync's
// trailing-slash meaning kept apart).
RootSpec rootFor(const Endpoint& endpoint);

// A destination inside the source would copy itself, over and over as the
// scan finds the new copies: refused, unless the filters exclude it.
Status checkDestinationOutsideSource(const RootSpec& source, const RootSpec& destination, const TransferParams& params);

} // namespace fg
