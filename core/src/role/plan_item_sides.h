#pragma once
#include "internal.h"
// What a plan item says of the destination's side, from the wire items the
// receiver sends: the one way both ends (the receiver planning, the sender
// reading its plan) fill a preview's comparison.

#include "proto/messages.h"

#include <floodgate/job.h>

namespace fg {

// The receiver's view of the path: whether it has it, its size and time.
void setDestinationSide(const proto::PlanItemWire& wire, PlanItem& item);
// A deletion as a plan item: what is there and goes.
PlanItem deletionItem(const proto::DeleteItemWire& gone);

} // namespace fg
