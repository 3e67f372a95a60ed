// Just enough JSON for the model fixtures (objects, arrays, numbers, strings
// with \" \\ \n \t \uXXXX escapes, true/false/null), so the C++ tests need no
// JSON library. Not for untrusted input.
#pragma once
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace mjson {

struct Value {
    enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
    double number = 0;
    bool boolean = false;
    std::string string;
    std::vector<Value> array;
    std::map<std::string, Value> object;
    const Value& operator[](const std::string& k) const { return object.at(k); }
    const Value& operator[](std::size_t i) const { return array.at(i); }
    std::vector<double> numbers() const {
        std::vector<double> out;
        for (const Value& v : array) out.push_back(v.number);
        return out;
    }
};

class Parser {
  public:
    explicit Parser(std::string text) : s_(std::move(text)) {}
    Value parse() {
        ws();
        Value v;
        const char c = s_[p_];
        if (c == '{') {
            v.kind = Value::Object;
            ++p_;
            for (ws(); s_[p_] != '}'; ws()) {
                const std::string key = str();
                ws(), ++p_;  // ':'
                v.object[key] = parse();
                ws();
                if (s_[p_] == ',') ++p_;
            }
            ++p_;
        } else if (c == '[') {
            v.kind = Value::Array;
            ++p_;
            for (ws(); s_[p_] != ']'; ws()) {
                v.array.push_back(parse());
                ws();
                if (s_[p_] == ',') ++p_;
            }
            ++p_;
        } else if (c == '"') {
            v.kind = Value::String;
            v.string = str();
        } else if (s_.compare(p_, 4, "true") == 0 || s_.compare(p_, 5, "false") == 0) {
            v.kind = Value::Bool;
            v.boolean = s_[p_] == 't';
            p_ += v.boolean ? 4 : 5;
        } else if (s_.compare(p_, 4, "null") == 0) {
            p_ += 4;
        } else {
            v.kind = Value::Number;
            char* end = nullptr;
            v.number = std::strtod(s_.c_str() + p_, &end);
            p_ = static_cast<std::size_t>(end - s_.c_str());
        }
        return v;
    }

  private:
    void ws() {
        while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\n' || s_[p_] == '\t' || s_[p_] == '\r')) ++p_;
    }
    std::string str() {
        std::string out;
        for (++p_; s_[p_] != '"'; ++p_) {
            if (s_[p_] != '\\') { out += s_[p_]; continue; }
            const char e = s_[++p_];
            if (e == 'n') out += '\n';
            else if (e == 't') out += '\t';
            else if (e == 'u') {
                const unsigned cp = static_cast<unsigned>(std::stoul(s_.substr(p_ + 1, 4), nullptr, 16));
                p_ += 4;
                if (cp < 0x80) out += static_cast<char>(cp);
                else if (cp < 0x800) out += static_cast<char>(0xC0 | cp >> 6), out += static_cast<char>(0x80 | (cp & 63));
                else out += static_cast<char>(0xE0 | cp >> 12), out += static_cast<char>(0x80 | (cp >> 6 & 63)),
                     out += static_cast<char>(0x80 | (cp & 63));
            } else out += e;
        }
        ++p_;
        return out;
    }
    std::string s_;
    std::size_t p_ = 0;
};

inline std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

inline Value load(const std::string& path) { return Parser(read_file(path)).parse(); }

}  // namespace mjson
