#pragma once
// Just enough JSON for `--json`: objects, arrays, strings, numbers, booleans,
// written in order, with correct escaping.

#include <cstdint>
#include <string>
#include <string_view>

namespace fg::cli {

class JsonWriter {
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(uint64_t v);
    JsonWriter& value(int64_t v);
    JsonWriter& value(int v) { return value(int64_t(v)); }
    JsonWriter& value(double v); // to the thousandth
    // A duration in nanoseconds as seconds, to the microsecond.
    JsonWriter& seconds(uint64_t ns);
    JsonWriter& value(bool v);
    const std::string& str() const { return m_out; }

private:
    void separator();
    std::string m_out;
    bool m_needComma = false;
};

std::string jsonEscape(std::string_view s);

} // namespace fg::cli
