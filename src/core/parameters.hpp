// The parameter table: one row per simulation knob of SimParams, holding its
// name, unit, accepted range, help text and the panel's slider (the app's own
// settings use the same rows over their struct: src/app/setting_rows.hpp). validate(),
// the command-line flags, --help, the settings file and the window's panel are
// all built from it, so a knob is declared once and its range written once.
// A new parameter is a SimParams field and a row in parameters.cpp.
//
// The grid size, the domain width and the lid speed are not rows: scenarios
// and the window set them, and validate() checks them against SimLimits, whose
// numbers its messages state.
#pragma once

#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/sim_params.hpp"

namespace fluid {

enum class ParameterKind {
    Real,     // a float in [min, max] (or (min, max] with minOpen)
    Integer,  // an int in min..max
    Choice,   // one of `choices`, an enum
    Switch,   // on|off, a bool
};

struct ParameterChoice {
    const char* name;            // on the command line and in the settings file
    const char* label;           // in the panel
    int value;                   // the enum's value
    const char* help = nullptr;  // the panel's tooltip on this choice (nullptr: none)
};

// How a row reads and writes its field of an Owner (SimParams here, the
// app's settings in src/app/setting_rows.hpp), as a double: an enum by its
// underlying value, a bool as 0 or 1.
template <typename Owner>
struct ParameterAccessOf {
    double (*get)(const Owner&) = nullptr;
    void (*set)(Owner&, double) = nullptr;
};
using ParameterAccess = ParameterAccessOf<SimParams>;

namespace parameter_detail {
template <typename T>
struct IsOptional : std::false_type {
};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {
};

// An optional field (a run's --steps) reads as NaN while unset.
template <typename T>
double toDouble(const T& value)
{
    if constexpr (IsOptional<T>::value)
        return value ? toDouble(*value) : std::numeric_limits<double>::quiet_NaN();
    else if constexpr (std::is_enum_v<T>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}
template <typename T>
void fromDouble(T& field, double v)
{
    if constexpr (IsOptional<T>::value) {
        typename T::value_type inner{};
        fromDouble(inner, v);
        field = inner;
    } else if constexpr (std::is_enum_v<T>)
        field = static_cast<T>(static_cast<int>(v));
    else if constexpr (std::is_same_v<T, bool>)
        field = v != 0.0;
    else
        field = static_cast<T>(v);
}
}  // namespace parameter_detail

// The access of a field named by a captureless lambda that returns it by
// reference, which reaches nested fields too:
// fieldAccess<AppSettings>([](auto& s) -> auto& { return s.brush.radius; }).
template <typename Owner, typename FieldOf>
ParameterAccessOf<Owner> fieldAccess(FieldOf)
{
    static_assert(std::is_empty_v<FieldOf>, "the field must be named by a captureless lambda");
    return {
        [](const Owner& o) { return parameter_detail::toDouble(FieldOf{}(o)); },
        [](Owner& o, double v) { parameter_detail::fromDouble(FieldOf{}(o), v); },
    };
}

// memberAccess<&SimParams::viscosity>(): a direct member of SimParams.
template <auto Member>
ParameterAccess memberAccess()
{
    return fieldAccess<SimParams>([](auto& p) -> auto& { return p.*Member; });
}

// The panel's control. A slider's range is only for dragging: Ctrl+click
// types any value, and the accepted range above is the one that holds.
struct ParameterSlider {
    double min = 0.0;
    double max = 0.0;
    bool logarithmic = false;
    const char* format = "%g";  // printf format of the number; the unit is appended
};

// What a row is, whatever struct holds its value: names, range, help, control.
struct ParameterSpec {
    ParameterSpec(const char* key_, const char* label_, const char* placeholder_, const char* unit_, const char* help_,
                  ParameterKind kind_)
        : key(key_), label(label_), placeholder(placeholder_), unit(unit_), help(help_), kind(kind_)
    {
    }

    const char* key;          // --key on the command line, `key = value` in the settings file
    const char* label;        // in the panel
    const char* placeholder;  // the value in --help (NU, N); choices and switches list theirs
    const char* unit;         // SI, "" when dimensionless
    const char* help;         // what it does: --help (with the range and default) and the panel's tooltip
    ParameterKind kind;
    double min = 0.0;  // accepted values (Real and Integer)
    double max = 0.0;
    bool minOpen = false;  // min itself is refused
    ParameterSlider slider;
    std::vector<ParameterChoice> choices;  // Choice only
    // --help's default when the number reads badly (1/60) or is no number of
    // the range ("at the end"); "" when there is none to name; else formatted.
    const char* defaultText = nullptr;
    // Whether the parser also refuses what a float cannot hold in the range
    // (a value a GPU flushes to 0, one that rounds out of it): SimParams'
    // knobs reach the GPU as floats; the run's own numbers
    // (src/app/options_rows.hpp) take any double of their range.
    bool heldInFloat = true;

    // Whether `value` is accepted; NaN and infinities never are, nor, in a
    // range open at 0, a value a GPU takes as 0 (flushedToZero).
    bool accepts(double value) const;
    // A bound as --help writes it: a float's bound as the shortest decimal
    // that reads back as it, so "0.001" is in [0.001, 0.5] although the
    // double 0.001 is below the float 0.001f (which it becomes once stored).
    double asWritten(double bound) const;
    // A real of a range open at 0 (dt) that a float holds only below full
    // precision, which a GPU flushes to 0 (the water view divided by a dt of
    // 1e-40 and went black). Where 0 is accepted such a value is harmless.
    bool flushedToZero(double value) const;
    // "[0, 100] m^2/s", "(0, 10] s", "0..10000", "jacobi, multigrid", "on, off";
    // a bound of a real as a stream writes it (1e+06), an integer's in full.
    std::string range() const;
    // Choice and Switch: the names joined by `separator` ("jacobi|multigrid").
    std::string choiceNames(const char* separator) const;
    // Choice: the name of the choice of `value`; nullptr when none has it.
    const char* choiceName(int value) const;
    // --help's placeholder: the row's, or its choices joined by '|'.
    std::string valuePlaceholder() const;
    // A value as the settings file and the command line write it: 0.0001, 40, multigrid, on.
    std::string formatValue(double value) const;
    // Parses `text` as formatValue() writes it and checks the range: the
    // value, or what is wrong ("expects a number in [0, 100] m^2/s").
    std::optional<double> parseValue(std::string_view text, std::string& problem) const;
    // `value` if accepted, else the nearest accepted one; NaN, or a value at
    // an open minimum, or an unknown choice, becomes `fallback`.
    double clampValue(double value, double fallback) const;
    // The help text, the accepted range and the default, for --help.
    std::string helpLine(double defaultValue) const;
};

// A row of a table over Owner: the spec and how it reads and writes Owner.
template <typename Owner>
struct BasicParameter : ParameterSpec {
    BasicParameter(const char* key_, const char* label_, const char* placeholder_, const char* unit_, const char* help_,
                   ParameterKind kind_, ParameterAccessOf<Owner> access_)
        : ParameterSpec(key_, label_, placeholder_, unit_, help_, kind_), access(access_)
    {
    }

    ParameterAccessOf<Owner> access;
    bool (*shown)(const Owner&) = nullptr;  // the panel shows it only when this holds (nullptr: always)

    double get(const Owner& o) const { return access.get(o); }
    void set(Owner& o, double value) const { access.set(o, value); }
    bool isShown(const Owner& o) const { return !shown || shown(o); }
    std::string format(const Owner& o) const { return formatValue(get(o)); }
    // Parses `text`, checks the range and stores it in `o`; or returns what is wrong.
    std::optional<std::string> parse(std::string_view text, Owner& o) const
    {
        std::string problem;
        const std::optional<double> value = parseValue(text, problem);
        if (!value) return problem;
        set(o, *value);
        return std::nullopt;
    }
    // Into the accepted range, NaN to Owner's default.
    void clamp(Owner& o) const { set(o, clampValue(get(o), get(Owner{}))); }
    std::string helpLine() const { return helpLine(Owner{}); }
    // With the default a program starts from (defaultSimParams()).
    std::string helpLine(const Owner& defaults) const { return ParameterSpec::helpLine(get(defaults)); }
};

using Parameter = BasicParameter<SimParams>;

// A table (SimParams', the app's settings) built by its parts in order, each
// adding its group of rows.
template <typename Row>
std::vector<Row> rowsOf(std::initializer_list<void (*)(std::vector<Row>&)> parts)
{
    std::vector<Row> rows;
    for (const auto add : parts) add(rows);
    return rows;
}

// The row of a table (SimParams', the app's settings, the run's flags) whose
// key is `key`; nullptr when none is.
template <typename Row>
const Row* findRow(const std::vector<Row>& rows, std::string_view key)
{
    for (const Row& row : rows)
        if (key == row.key) return &row;
    return nullptr;
}

// Every row, in the panel's order.
const std::vector<Parameter>& parameters();
const Parameter* findParameter(std::string_view key);

// The one number grammar of every flag and setting: a finite decimal number,
// all of `text`, with an optional sign (+ or -), fraction and exponent ("+5",
// "-0.5", "1e-4"); no blanks, no hexadecimal, no inf or nan (strtod takes
// them all, and a typo should not become a number).
std::optional<double> parseNumber(std::string_view text);
// An integer is a number of that grammar whose value is whole and fits an int
// ("64", "+64", "6.4e1"; not "64.5").
std::optional<int> parseInteger(std::string_view text);

// The shortest text that reads back as the same float (0.003, not 0.00300000003).
std::string shortestText(float value);

// A limit as --help and the messages write it: 0.5, 4096, 1e-6, 1e30
// (%g without the exponent's sign and leading zeros).
std::string limitText(double value);

}  // namespace fluid
