#include "role/plan_item_sides.h"

namespace fg {

void setDestinationSide(const proto::PlanItemWire& wire, PlanItem& item)
{
    item.destinationExists = wire.destinationExists;
    item.destinationSize = wire.destinationSize;
    item.destinationMtimeNs = wire.destinationMtimeNs;
}

PlanItem deletionItem(const proto::DeleteItemWire& gone)
{
    PlanItem item;
    item.path = gone.path;
    item.action = FileAction::Delete;
    item.isDir = gone.isDir;
    item.destinationExists = true;
    item.destinationSize = gone.size;
    item.destinationMtimeNs = gone.mtimeNs;
    return item;
}

} // namespace fg
