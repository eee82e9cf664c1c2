// help_to_man: the man page fluidsim(1), made from the program's own --help,
// so that the page and the flags cannot drift apart. A build tool only.
//   fluidsim --help | help_to_man VERSION "one-line summary" > fluidsim.1
// It reads the layout options_help.cpp writes: a "usage:" line, a description,
// then sections ("title:") of flag rows whose help text starts at column 30
// (on the next line when the flag itself is wider), then closing paragraphs.
#include <cstddef>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kHelpColumn = 30;  // where options_help.cpp starts a flag's help

// Text made safe for roff: a backslash is printed with \e, and a line must not
// start with a control character (. or ') or it would be read as a request.
std::string escaped(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '\\')
            out += "\\e";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
    return out;
}

// An option's name for roff: ASCII hyphens in options are minus signs (\-),
// which is what a reader copies into a shell.
std::string optionName(const std::string& text)
{
    std::string out;
    for (char c : text) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

std::string trimmed(const std::string& text)
{
    const std::size_t first = text.find_first_not_of(' ');
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// "--name VALUE" or "-h, --help": the names in bold, the value in italics.
std::string optionTag(const std::string& left)
{
    std::string tag;
    std::size_t start = 0;
    while (start < left.size()) {
        std::size_t end = left.find(' ', start);
        if (end == std::string::npos) end = left.size();
        const std::string word = left.substr(start, end - start);
        if (!tag.empty()) tag += " ";
        if (word.rfind('-', 0) == 0)
            tag += "\\fB" + optionName(word) + "\\fR";
        else
            tag += "\\fI" + escaped(word) + "\\fR";
        start = end + 1;
    }
    return tag;
}

bool isSectionTitle(const std::string& line)
{
    return !line.empty() && line[0] != ' ' && line.back() == ':';
}

bool isOptionRow(const std::string& line)
{
    return line.rfind("  -", 0) == 0;
}

bool isContinuation(const std::string& line)
{
    return line.size() > kHelpColumn && line.find_first_not_of(' ') == kHelpColumn;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: help_to_man VERSION SUMMARY < help.txt > page.1\n";
        return 2;
    }
    const std::string version = argv[1];
    const std::string summary = argv[2];
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);) lines.push_back(line);
    if (lines.empty() || lines[0].rfind("usage: fluidsim", 0) != 0) {
        std::cerr << "help_to_man: the input does not start with 'usage: fluidsim'\n";
        return 1;
    }

    std::ostream& out = std::cout;
    out << ".TH FLUIDSIM 1 \"\" \"fluidsim " << version << "\" \"User Commands\"\n"
        << ".SH NAME\nfluidsim \\- " << escaped(summary) << "\n"
        << ".SH SYNOPSIS\n.B fluidsim\n[\\fIoptions\\fR]\n"
        << ".SH DESCRIPTION\n";

    enum class Part { Description, Options, Closing } part = Part::Description;
    bool paragraphOpen = false;  // a run of text lines that roff fills as one paragraph
    std::size_t options = 0;
    for (std::size_t n = 1; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        if (trimmed(line).empty()) {
            paragraphOpen = false;
            continue;
        }
        if (isSectionTitle(line)) {
            if (part == Part::Description) out << ".SH OPTIONS\n";
            part = Part::Options;
            out << ".SS \"" << escaped(line.substr(0, line.size() - 1)) << "\"\n";
            continue;
        }
        if (part == Part::Options && isOptionRow(line)) {
            const std::string left = trimmed(line.substr(0, kHelpColumn));
            const bool wide = line.size() > kHelpColumn && line[kHelpColumn - 1] != ' ';
            out << ".TP\n" << optionTag(wide ? trimmed(line) : left) << "\n";
            if (!wide && line.size() > kHelpColumn) out << escaped(trimmed(line.substr(kHelpColumn))) << "\n";
            ++options;
            continue;
        }
        if (part == Part::Options && isContinuation(line)) {
            out << escaped(trimmed(line)) << "\n";
            continue;
        }
        if (part == Part::Options) {
            out << ".SH NOTES\n";
            part = Part::Closing;
        }
        if (!paragraphOpen) out << ".PP\n";
        paragraphOpen = true;
        out << escaped(trimmed(line)) << "\n";
    }
    if (options == 0) {
        std::cerr << "help_to_man: no option rows found in the help text\n";
        return 1;
    }
    return 0;
}
