#pragma once
// Just enough JSON for `--json` and the reports the core writes (the lab's):
// objects, arrays, strings, numbers, booleans, null, written in order, with
// correct escaping.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fg {

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
    JsonWriter& value(const std::optional<double>& v); // null when unset
    const std::string& str() const { return m_out; }

private:
    void separator();
    std::string m_out;
    bool m_needComma = false;
};

std::string jsonEscape(std::string_view s);

// The length of the UTF-8 sequence at s[i] (1 for ASCII), or 0 when there is
// none (a Latin-1 name, a cut-off sequence, an overlong form, a surrogate).
size_t utf8SequenceAt(std::string_view s, size_t i);

} // namespace fg
