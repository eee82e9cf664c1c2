// The parameter table: one row per simulation knob of SimParams, holding its
// name, unit, accepted range, help text and the panel's slider. validate(),
// the command-line flags, --help, the settings file and the window's panel are
// all built from it, so a knob is declared once and its range written once.
// A new parameter is a SimParams field and a row in parameters.cpp.
//
// The grid size, the domain width and the lid speed are not rows: scenarios
// and the window set them, and validate() checks them by hand.
#pragma once

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
    const char* name;   // on the command line and in the settings file
    const char* label;  // in the panel
    int value;          // the enum's value
};

// How a row reads and writes its SimParams field, as a double (an enum by its
// underlying value, a bool as 0 or 1): memberAccess<&SimParams::viscosity>().
struct ParameterAccess {
    double (*get)(const SimParams&) = nullptr;
    void (*set)(SimParams&, double) = nullptr;
};

template <auto Member>
ParameterAccess memberAccess()
{
    using T = std::remove_cvref_t<decltype(std::declval<SimParams&>().*Member)>;
    return {
        [](const SimParams& p) {
            if constexpr (std::is_enum_v<T>)
                return static_cast<double>(static_cast<int>(p.*Member));
            else
                return static_cast<double>(p.*Member);
        },
        [](SimParams& p, double v) {
            if constexpr (std::is_enum_v<T>)
                p.*Member = static_cast<T>(static_cast<int>(v));
            else if constexpr (std::is_same_v<T, bool>)
                p.*Member = v != 0.0;
            else
                p.*Member = static_cast<T>(v);
        },
    };
}

// The panel's control. A slider's range is only for dragging: Ctrl+click
// types any value, and the accepted range above is the one that holds.
struct ParameterSlider {
    double min = 0.0;
    double max = 0.0;
    bool logarithmic = false;
    const char* format = "%g";  // printf format of the number; the unit is appended
};

struct Parameter {
    Parameter(const char* key_, const char* label_, const char* placeholder_, const char* unit_, const char* help_,
              ParameterKind kind_, ParameterAccess access_)
        : key(key_), label(label_), placeholder(placeholder_), unit(unit_), help(help_), kind(kind_), access(access_)
    {
    }

    const char* key;          // --key on the command line, `key = value` in the settings file
    const char* label;        // in the panel
    const char* placeholder;  // the value in --help (NU, N); choices and switches list theirs
    const char* unit;         // SI, "" when dimensionless
    const char* help;         // what it does: --help (with the range and default) and the panel's tooltip
    ParameterKind kind;
    ParameterAccess access;
    double min = 0.0;  // accepted values (Real and Integer)
    double max = 0.0;
    bool minOpen = false;  // min itself is refused
    ParameterSlider slider;
    std::vector<ParameterChoice> choices;       // Choice only
    const char* defaultText = nullptr;          // --help's default when the number reads badly (1/60); else formatted
    bool (*shown)(const SimParams&) = nullptr;  // the panel shows it only when this holds (nullptr: always)

    double get(const SimParams& p) const { return access.get(p); }
    void set(SimParams& p, double value) const { access.set(p, value); }

    // Whether `value` is accepted; NaN and infinities never are.
    bool accepts(double value) const;
    // "[0, 100] m^2/s", "(0, 10] s", "0..10000", "jacobi, multigrid", "on, off".
    std::string range() const;
    // Choice and Switch: the names joined by `separator` ("jacobi|multigrid").
    std::string choiceNames(const char* separator) const;
    // The value as the settings file and the command line write it: 0.0001, 40, multigrid, on.
    std::string format(const SimParams& p) const;
    // Parses `text` as format() writes it, checks the range and stores it in
    // `p`; or returns what is wrong ("expects a number in [0, 100] m^2/s, got 'x'").
    std::optional<std::string> parse(std::string_view text, SimParams& p) const;
    // The help text, the accepted range and the default, for --help.
    std::string helpLine() const;
};

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

}  // namespace fluid
