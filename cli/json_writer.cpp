#include "json_writer.h"

#include "text.h"

#include <cmath>
#include <cstdio>

namespace fg::cli {

std::string jsonEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out.push_back('"');
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            // JSON text is Unicode: a byte of a name that is not UTF-8 (legal
            // on Linux) becomes U+FFFD, so the document stays valid; the
            // message on stderr shows the byte itself.
            const size_t len = utf8SequenceAt(s, i);
            if (len == 0) {
                out += "\ufffd";
            } else {
                out.append(s.substr(i, len));
                i += len - 1;
            }
            continue;
        }
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out.push_back(char(c));
            }
        }
    }
    out.push_back('"');
    return out;
}

void JsonWriter::separator()
{
    if (m_needComma) m_out.push_back(',');
    m_needComma = true;
}

JsonWriter& JsonWriter::beginObject()
{
    separator();
    m_out.push_back('{');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    m_out.push_back('}');
    m_needComma = true;
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    separator();
    m_out.push_back('[');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    m_out.push_back(']');
    m_needComma = true;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    separator();
    m_out += jsonEscape(k);
    m_out.push_back(':');
    m_needComma = false;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v)
{
    separator();
    m_out += jsonEscape(v);
    return *this;
}

JsonWriter& JsonWriter::value(uint64_t v)
{
    separator();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(int64_t v)
{
    separator();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(double v)
{
    separator();
    if (!std::isfinite(v)) {
        m_out += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::seconds(uint64_t ns)
{
    separator();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llu.%06llu", static_cast<unsigned long long>(ns / 1'000'000'000),
                  static_cast<unsigned long long>(ns % 1'000'000'000 / 1000));
    m_out += buf;
    return *this;
}

JsonWriter& JsonWriter::value(bool v)
{
    separator();
    m_out += v ? "true" : "false";
    return *this;
}

} // namespace fg::cli
