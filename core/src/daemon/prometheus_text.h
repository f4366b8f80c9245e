#pragma once
#include "internal.h"
// The daemon's state in Prometheus' text exposition format (version 0.0.4),
// for `[daemon] metrics-listen`: what `floodgate status` shows, as gauges
// and counters a monitoring system can graph and alert on. Pure.

#include "daemon/status_report.h"

#include <string>

namespace fg {

std::string prometheusText(const DaemonStatus& status);

// A label value as the format wants it: backslash, double quote and newline escaped.
std::string prometheusLabel(const std::string& value);

} // namespace fg
