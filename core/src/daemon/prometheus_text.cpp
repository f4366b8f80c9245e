#include "daemon/prometheus_text.h"

#include <cstdio>
#include <map>

namespace fg {
namespace {

class Exposition {
public:
    // Each metric's HELP and TYPE once, before its first sample.
    void family(const char* name, const char* type, const char* help)
    {
        m_out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
    }
    void sample(const char* name, const std::string& labels, double value)
    {
        char number[64];
        std::snprintf(number, sizeof number, "%.17g", value);
        m_out += name;
        if (!labels.empty()) m_out += "{" + labels + "}";
        m_out += std::string(" ") + number + "\n";
    }
    std::string take() { return std::move(m_out); }

private:
    std::string m_out;
};

std::string label(const char* key, const std::string& value)
{
    return std::string(key) + "=\"" + prometheusLabel(value) + "\"";
}

} // namespace

std::string prometheusLabel(const std::string& value)
{
    std::string out;
    for (char c : value) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

std::string prometheusText(const DaemonStatus& s)
{
    Exposition e;
    e.family("floodgate_info", "gauge", "The daemon's version and identity (always 1).");
    e.sample("floodgate_info", label("version", s.version) + "," + label("fingerprint", s.fingerprint), 1);
    e.family("floodgate_start_time_seconds", "gauge", "When the daemon started, in seconds since 1970.");
    e.sample("floodgate_start_time_seconds", "", double(s.startedUnix));
    e.family("floodgate_max_sessions", "gauge", "Jobs the daemon runs at once (max-sessions).");
    e.sample("floodgate_max_sessions", "", s.maxSessions);

    e.family("floodgate_module_free_bytes", "gauge", "Free space on the module's file system.");
    for (const auto& m : s.modules)
        if (m.freeBytes) e.sample("floodgate_module_free_bytes", label("module", m.config.name), double(*m.freeBytes));
    e.family("floodgate_module_min_free_bytes", "gauge", "The free space pushes keep (min-free); 0 for none.");
    for (const auto& m : s.modules)
        e.sample("floodgate_module_min_free_bytes", label("module", m.config.name), double(m.floorBytes));
    e.family("floodgate_module_ok", "gauge",
             "1 when the module can do what it is for, 0 when `floodgate status` names a problem with it.");
    for (const auto& m : s.modules)
        e.sample("floodgate_module_ok", label("module", m.config.name), m.problem.empty() ? 1 : 0);

    e.family("floodgate_paired_clients", "gauge", "Clients paired with the daemon.");
    e.sample("floodgate_paired_clients", "", double(s.clients.size()));
    e.family("floodgate_client_last_contact_seconds", "gauge",
             "When each paired client last began a job or a probe, in seconds since 1970 (0: not since pairing).");
    for (const auto& c : s.clients) {
        // The fingerprint too: two clients may share a name (one paired again).
        const std::string name = c.paired.name.empty() ? c.paired.fingerprint : c.paired.name;
        e.sample("floodgate_client_last_contact_seconds",
                 label("client", name) + "," + label("fingerprint", c.paired.fingerprint), double(c.lastContactUnix));
    }

    // Running jobs by module and direction (a label per job would make a new
    // series for every job).
    std::map<std::pair<std::string, bool>, std::pair<uint64_t, double>> running;
    for (const auto& j : s.running) {
        auto& r = running[{j.module, j.push}];
        ++r.first;
        r.second += j.rate;
    }
    e.family("floodgate_jobs_running", "gauge", "Jobs running now.");
    for (const auto& [key, r] : running)
        e.sample("floodgate_jobs_running",
                 label("module", key.first) + "," + label("direction", key.second ? "push" : "pull"), double(r.first));
    e.family("floodgate_jobs_rate_bytes_per_second", "gauge", "File data the running jobs move, over the last seconds.");
    for (const auto& [key, r] : running)
        e.sample("floodgate_jobs_rate_bytes_per_second",
                 label("module", key.first) + "," + label("direction", key.second ? "push" : "pull"), r.second);

    e.family("floodgate_jobs_total", "counter", "Jobs ended since the daemon started, by result (refusals count as failed).");
    for (const auto& [module, t] : s.totals) {
        e.sample("floodgate_jobs_total", label("module", module) + "," + label("result", "ok"), double(t.jobsOk));
        e.sample("floodgate_jobs_total", label("module", module) + "," + label("result", "failed"), double(t.jobsFailed));
    }
    e.family("floodgate_file_bytes_total", "counter", "File data the ended jobs moved since the daemon started.");
    for (const auto& [module, t] : s.totals) {
        e.sample("floodgate_file_bytes_total", label("module", module) + "," + label("direction", "push"),
                 double(t.bytesReceived));
        e.sample("floodgate_file_bytes_total", label("module", module) + "," + label("direction", "pull"),
                 double(t.bytesSent));
    }
    return e.take();
}

} // namespace fg
