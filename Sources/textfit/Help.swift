// `textfit --help` and each command's help text.
import Foundation
import LayoutCore
import Service
import TextFit
#if canImport(Glibc)
import Glibc
#endif

/// TextFit's version (`--version`; a shard's fingerprint).
let textfitVersion = "0.1.0"

/// The first lines of every help: what textfit is, and its commands.
let usageIntro = """
    textfit — true text sizes with real fonts (HarfBuzz, FreeType, Fontconfig)

    USAGE
      textfit measure TEXT… [options]      measure texts (or --file PATH, or - for stdin)
      textfit fonts [--for TEXT] [options] list font families, or which font each cluster of TEXT uses
      textfit layout FILE.json [options]   lay out a tree (docs/layout-file.md): frames, baselines, SVG, PNG
      textfit stress CATALOG… [options]    check every key × locale × text size (Dynamic Type or font scale) against a container
      textfit stress merge OUT/ PART…      join the partial reports of --shard runs into OUT/, as one run (docs/stress.md)
      textfit stress CATALOG… --screens P  lay out layout-file screens in every locale × text size × device (docs/stress.md, "Screens")
      textfit serve --stdio | --http [HOST:]PORT   the measuring service (JSON lines, or HTTP; docs/service.md)
      textfit --help | --version
    """

/// `textfit measure --help`.
let measureHelp = """
    MEASURE OPTIONS
      --platform P           ios (default) | android: whose system font, styles and text sizes (docs/platforms.md)
      --font FAMILY          family name (default: the system font: Noto Sans, SF Pro with --apple-fonts,
                             Roboto under android)
      --font-file PATH       a font file; --face-index N picks a face of a collection
      --apple-fonts DIR      your copy of Apple's fonts (SF Pro…; default $TEXTFIT_APPLE_FONTS): the iOS system font
      --size PT              fixed size (> 0, at most 16384; sp under android); with --style it scales relative to the style
      --style STYLE          largeTitle title title2 title3 headline body callout
                             subheadline footnote caption caption2 (default: body); under android Material 3's
                             displayLarge … labelSmall (default: bodyLarge)
      --weight W             ultraLight thin light regular medium semibold bold heavy black, or 1–1000
                             (a variable font's wght axis is set to it exactly)
      --italic               an italic face (a variable font without one: ital or slnt)
      --variations LIST      a variable font's axes as hb-shape spells them: wght=550,GRAD=50 (opsz follows the
                             size unless set here)
      --font-width W         a variable font's width (wdth): percent of normal, or condensed, expanded, …
      --instance NAME        a variable font's named instance (textfit fonts lists them), e.g. "Condensed Bold"
      --design D             default | rounded | monospaced | serif (SF Pro Rounded, SF Mono, New York)
      --dynamic-type SIZES   ios: the Dynamic Type sizes to measure at (default: large): xSmall small medium
                             large xLarge xxLarge xxxLarge accessibility1…5 (ax1…ax5), a comma list of them,
                             FROM...TO, or all; one row (or JSON line) per text and size

      --font-scale SCALES    android: the font scales to measure at (default: 1): 0.85 1 1.15 1.3 1.5 1.8 2
                             (Android's settings) or any number > 0 (1.3 or 130%), a comma list, or all;
                             the same setting as --dynamic-type (give one of them)

      --locale TAG           BCP 47 tag or ICU ID (shaping, line breaking, fallback), e.g. ar, ja, zh-Hans, pt-BR;
                             a language ICU (CLDR) does not know is an error listing those it knows; a region
                             or script ICU has no data for is left out, with a warning (de-XX is measured as de)
      --features LIST        OpenType features, comma separated: tnum,-liga,ss01
      --tracking PT          points added after each character; turns off the optional ligatures
                             (liga, clig) as SwiftUI's tracking does (--features liga turns them on)
      --tab-interval PT      distance between tab stops (default 28)
      --width W              wrap at W points (0: SwiftUI's minimum, every opportunity taken; infinity: no wrapping)
      --height H             keep the lines that fit H points; truncate the last
      --lines N              line limit; the last line is truncated with "…"
      --reserved-lines N     at least N lines high: blank lines below a shorter text, as SwiftUI's
                             lineLimit(N, reservesSpace: true) (at most --lines)
      --truncation MODE      head | middle | tail (default tail)
      --wrap MODE            word-then-character (default) | word | balanced
      --direction DIR        auto (default, first strong character) | ltr | rtl
      --line-metrics M       apple (hhea, default) | typo (OS/2) | fixed:H (every line H points)
      --line-spacing PT      points between lines (0 to 16384)
      --minimum-scale F      shrink down to F (0 < F ≤ 1) before truncating
      --markdown             read the text as inline Markdown, as SwiftUI's Text("literal") does (ios):
                             "Tap **Continue**" measures "Tap Continue" with "Continue" bold
      --bundled-only         use the bundled fonts only (reproducible results)
      --file PATH            one text per line from PATH (- for stdin)
      --json-input           each input line is a JSON string (so a text may hold line breaks)
      --json                 one JSON object per text and size (JSON Lines; fields: docs/measure.md)
      --max-text-bytes N     refuse a text longer than N UTF-8 bytes (default 1048576)

    EXAMPLES
      textfit measure "Rindfleischetikettierung" --style headline --dynamic-type large,ax3 --width 120
      textfit measure "Einstellungen" --platform android --style bodyLarge --font-scale 1,1.3,2
      textfit measure "مرحبا" "設定を変更する" --json | jq -c '{text, fonts: [.fonts[].family]}'
      printf 'Save\\nSpeichern\\n' | textfit measure - --width 80 --json --bundled-only
    """

/// `textfit layout --help`.
let layoutHelp = """
    LAYOUT OPTIONS
      --width W, --height H  the proposal, in points, or infinity (SwiftUI's .infinity: a rectangle
                             takes it, so it is infinite); absent: nil, the ideal on that axis
      --platform P           ios (default) or android: whose text styles the file names (Apple's or
                             Material 3's) and whose system font a text without one gets (body in
                             Noto Sans or SF Pro; bodyLarge in Roboto); wins over the file's platform
      --dynamic-type SIZE    one size, a comma list, FROM...TO, or all (one JSON object per size, in
                             the order given, each size once; at most 12 items; all and FROM...TO
                             smallest first); wins over the file's dynamicType / fontScale
      --font-scale S         the same option, for android: font scales (1.3 or 130%), a comma list,
                             or all (0.85 … 2); one JSON object per scale, SVGs OUT-1.3.svg
      --direction DIR        ltr or rtl: mirrors every container (default: the locale's, ltr unless
                             it is written right to left, as an app launched in it)
      --strings PATH         the app's string tables: a catalog file or a folder of them (String
                             Catalogs, *.lproj/.strings and .stringsdict, XLIFF, Android strings.xml,
                             .po); "key" nodes are looked up in them (docs/layout-file.md)
      --locale L             the locale the file's texts are shown in (de, pt-BR, ar, pseudo-xa):
                             keys' strings, plural variants, numbers (default en_US_POSIX)
      --json                 one JSON object per size (JSON Lines); each shown text has a "fit": lines
                             shown and needed, scale, needed width, and when so truncated, clipped, overlaps,
                             and for a key its key, table, locale and whether it is untranslated
      --svg OUT.svg          also draw it (real glyph outlines); with several sizes, OUT-SIZE.svg each, all
                             written or none; a link, FIFO or device is written through, never replaced;
                             --svg - prints the one picture on standard output instead of the table
      --png OUT.png          also draw it as PNG: the SVG's picture rasterised by librsvg (colour emoji
                             too); several sizes, links and --png - as for --svg
      --scale S              PNG pixels per point (default 1; 2 for a 2x picture; above 0, at most 16)
      --overlays             draw element bounds, line boxes and baselines in the SVG (and the PNG)
      --summary              one line per size: size, element count, texts with findings, rows of the
                             root container (its modifiers looked through): the bands its shown children
                             occupy, children whose heights overlap being one row (a flow's or grid's
                             rows, a vstack's children, 1 for an hstack or zstack); hidden elements never
                             count. Then each text truncated, scaled, clipped or overlapping (the table
                             lists them under each size too)
      --bundled-only         use the bundled fonts only
      --apple-fonts DIR      a folder holding Apple's fonts (SF Pro…): the system font under ios
                             (default: $TEXTFIT_APPLE_FONTS)
      --max-elements N       refuse a file of more than N nodes (default 100000)
      --max-depth N          refuse a file nested more than N nodes deep (default 64, at most 100)
      --max-text-bytes N     refuse a text longer than N UTF-8 bytes (default 1048576)

    EXAMPLES
      textfit layout demo/tag-cloud.json --width 390 --dynamic-type xSmall,large,ax3 --summary
      textfit layout demo/tag-cloud.json --width 390 --direction rtl --png cloud.png --scale 2
      textfit layout screen.json --strings Resources/ --locale de --json | jq '.elements[] | select(.fit.truncated)'
      echo '{"hstack": {"children": [{"text": "Einstellungen"}, {"spacer": {}}]}}' | textfit layout - --width 200
    """

/// `textfit stress --help`.
let stressHelp = """
    STRESS OPTIONS (catalogs: .xcstrings, .strings/.stringsdict in *.lproj, XLIFF, Android values*/strings.xml, .po, or folders)
      --rules FILE           container per key pattern (docs/stress.md); the options below are the defaults
      --platform P           ios or android: whose text sizes, styles and system font (default: the rules
                             file's "platform", else android when every catalog is Android resources, else ios)
      --width W              container width in points, dp under android (default 320)
      --max-lines N          line limit (default 1; 0 = no limit)
      --style STYLE          text style: ios largeTitle title title2 title3 headline body callout subheadline
                             footnote caption caption2 (default body); android, Material 3: displayLarge…Small,
                             headline…, title…, body…, label… (default bodyLarge, Compose's Text)
      --font, --font-file, --size, --weight
                             as for measure (--size in sp under android); --variations wght=650,wdth=80 sets
                             variable font axes; --apple-fonts DIR uses SF Pro from DIR (ios)
      --padding P            points inside the container on every side (≥ 0)
      --truncation-allowed   hitting the line limit does not fail
      --minimum-scale F      the text may shrink to F before it fails
      --markdown             read the texts as inline Markdown, as SwiftUI's Text("key") reads them (ios):
                             **bold** is bold, [Terms](https://…) shows "Terms"
      --locales L,…          locales to check (default all), pseudo-xa, pseudo-xb, pseudo-expanded, pseudo-bounded, pseudo-double
      --dynamic-type SIZES   ios: the Dynamic Type sizes to check (default: all): a size (large, ax3), a comma
                             list, or FROM...TO of xSmall small medium large xLarge xxLarge xxxLarge
                             accessibility1…5 (ax1…ax5)

      --font-scale SCALES    android: the font scales to check (default: all, 0.85,1,1.15,1.3,1.5,1.8,2): a
                             scale (1.3 or 130%) or a comma list; the same setting as --dynamic-type (give one)

      --source-language L    the source locale when the files do not say (default: the catalog's, else en)
      --report DIR           write report.json, junit.xml, index.html and its pictures (pictures/N.js)
      --max-pictures N       draw the N worst failing cases for index.html (default 20000)
      --baseline FILE        fail only on verdicts worse than in this report.json (a FILE that does not
                             exist yet, as on a first run: every failing verdict counts, with a warning)
      --strict               stop at the first problem in a catalog
      --json                 print the report (report.json) on stdout instead of the summary
      --max-entries N        refuse catalogs of more than N entries (default 1000000)
      --max-text-bytes N     skip (a warning; --strict stops) an entry longer than N UTF-8 bytes (default 1048576)
      --shard I/N            check shard I of N (1 ≤ I ≤ N; a key's locales and sizes stay together) and write
                             a partial report (DIR/shard.json, needs --report DIR; exit 0 whatever the verdicts);
                             textfit stress merge OUT/ PART… joins the N parts into OUT/ as one unsharded run
                             (textfit stress merge --help)
    SCREENS (docs/stress.md, "Screens": layout files whose texts name the catalogs' keys, beside or instead of rules)
      --screens PATH         a layout file, or a folder of them (*.json, each a screen named by its path):
                             each laid out in every locale (--locales) × text size (--dynamic-type or
                             --font-scale; default all) × device; findings grouped in the summary,
                             report.json's "screens", junit.xml's "screens" suite and screens.html (each
                             finding's screen drawn, its text outlined); any finding no allowance covers
                             exits 1. With --screens the catalog check runs only with rules or --width
      --devices D,…          device presets (iphone-se, iphone-16, iphone-16-pro, iphone-16-pro-max, ipad-mini,
                             ipad-11-inch; android: android-phone, pixel-8, pixel-tablet); default iPhone SE,
                             16 Pro and 16 Pro Max, or under android (platform android: widths in dp) the three
                             Android presets
      --orientations O,…     portrait (default), landscape or both: each device held each way
      --rules FILE           its "allow" list: findings meant to be, by key pattern, id or accessibilityIdentifier,
                             each with a reason: {"allow": [{"key": "home.teaser", "reason": "two lines by design"}]}

    EXAMPLES
      textfit stress Localizable.xcstrings --width 320 --max-lines 1 --report out/
      textfit stress app/src/main/res --width 160 --report out/        (Android: every font scale, in dp)
      textfit stress Localizable.xcstrings --rules rules.json --locales de,ar,pseudo-xa --baseline out/report.json
      textfit stress demo/catalogs/Settings.xcstrings --screens demo/screens/settings.json --devices iphone-se,iphone-16-pro-max --report out/
      a rules file (docs/stress.md), the first matching pattern giving each key its container:
        {"rules": [{"pattern": "button.*", "width": 120, "maxLines": 1, "style": "headline"},
                   {"pattern": "onboarding.*", "width": 300, "maxLines": 3, "truncation": true}]}
    """

/// `textfit stress merge --help`: joining the partial reports of `--shard` runs.
let stressMergeHelp = """
    STRESS MERGE (docs/stress.md, "Sharding across CI")
      Joins the partial reports of N `textfit stress … --shard I/N --report PART/` runs into OUT/ (report.json,
      junit.xml, index.html): the report, the summary and the exit status are those of one unsharded run.
      The sweep's options are the shards' (each PART's shard.json records them); every part of the run
      must be there, once, from the same catalogs, options and textfit.

    STRESS MERGE OPTIONS
      --json                 print the merged report (report.json) on stdout instead of the summary
      --baseline FILE        fail only on verdicts worse than in this report.json (as for stress)

    EXAMPLES
      textfit stress Localizable.xcstrings --width 320 --shard 1/2 --report part1/
      textfit stress Localizable.xcstrings --width 320 --shard 2/2 --report part2/
      textfit stress merge out/ part1/ part2/ --baseline main/report.json
    """

/// `textfit fonts --help`.
let fontsHelp = """
    FONTS OPTIONS
      --for TEXT             which font each grapheme cluster of TEXT uses, and why
      --font, --font-file, --face-index, --size, --style, --weight, --italic, --locale, --features,
      --tracking, --platform, --variations, --font-width, --instance, --design, --dynamic-type or
      --font-scale (one size)
                             as for measure: the font TEXT asks for (with --for only)
      --apple-fonts DIR      also list (and use) your copy of Apple's fonts
      --json                 one JSON object per family (or per cluster with --for)
      --bundled-only         the bundled fonts only

    EXAMPLES
      textfit fonts --bundled-only
      textfit fonts --for "Hello مرحبا 東京 👋🏽"
      textfit fonts --for "Einstellungen" --font Roboto --weight 550 --json
    """

/// `textfit serve --help`.
let serveHelp = """
    SERVE OPTIONS (docs/service.md)
      --stdio                JSON lines: {"id", "op", "params"} in on stdin, {"id", "result"} or
                             {"id", "error"} out on stdout; ends at the end of the input
      --http [HOST:]PORT     HTTP: POST /v1/measure, /v1/layout, /v1/render, /v1/stress-check;
                             GET /v1/fonts, /healthz, /metrics; a playground page at /
      --allow-origin ORIGIN  with --http: also serve browser requests from ORIGIN (https://app.example:8443;
                             repeatable or a comma list); other pages' requests get 403
      --allow-host NAME      with --http: also accept requests whose Host is NAME (any port) or
                             NAME:PORT — the name a proxy or a cluster uses; repeatable or a comma list
      --bundled-only         the bundled fonts only
      --apple-fonts DIR      your copy of Apple's fonts (default $TEXTFIT_APPLE_FONTS)
      --font-dir DIR         let requests name font files (fontFile), relative to DIR, regular files
                             inside DIR only; without it the service reads no file a request names
      --strings PATH         the app's string tables (a catalog file or a folder of them), read at
                             start: layout and render requests' "key" nodes are looked up in them,
                             in the request's "locale" (never in a path a request names)

    EXAMPLES
      textfit serve --http 8080 --bundled-only
      curl -s -H 'Content-Type: application/json' -d '{"texts": ["Einstellungen"], "dynamicType": "large,ax3"}' \\
        http://127.0.0.1:8080/v1/measure
      echo '{"id": 1, "op": "measure", "params": {"texts": ["Hi"]}}' | textfit serve --stdio --bundled-only
    """

/// Each command's exit statuses, at the end of its help: only the ones it can exit with.
let exitStatusHelp: [String: String] = [
    "measure": """
        EXIT STATUS
          0 measured · 2 bad usage (an unknown option, a bad value) · 3 unreadable input (a font file, an unknown
          family, invalid UTF-8 in a text or text file, a font file changed during the run) · 4 output not written
          (a closed or full standard output) · 5 a text over --max-text-bytes
        """,
    "fonts": """
        EXIT STATUS
          0 listed · 2 bad usage · 3 unreadable input (a font file, an unknown family, invalid UTF-8) · 4 output
          not written (a closed or full standard output)
        """,
    "layout": """
        EXIT STATUS
          0 laid out (what went wrong in the layout is listed, not an error) · 2 bad usage · 3 unreadable input
          (a bad layout file, with its JSON path; a font; a catalog of --strings) · 4 output not written (an SVG,
          a PNG, standard output) · 5 a file over --max-elements, --max-depth or --max-text-bytes
        """,
    "stress": """
        EXIT STATUS
          0 every check passed (with --baseline: nothing worse; a --shard run: always) · 1 a check failed
          · 2 bad usage · 3 unreadable input (a catalog, the rules file, the baseline, a font; with --strict, the
          first problem in a catalog) · 4 output not written (the report folder, a full disk, standard output;
          no partial report is left) · 5 catalogs over --max-entries
        """,
    "stress merge": """
        EXIT STATUS
          0 every check passed (with --baseline: nothing worse) · 1 a check failed · 2 bad usage · 3 a part that
          cannot be read, is missing, repeated, or from another run · 4 output not written (OUT/, standard output)
        """,
    "serve": """
        EXIT STATUS
          0 stopped: the end of the input (--stdio), or SIGINT or SIGTERM once the requests in flight are answered
          (--http) · 2 bad usage · 3 unreadable input (--font-dir, --strings, standard input; an address that
          cannot be served; libmicrohttpd missing) · 4 standard output closed (--stdio)
        """,
]

/// The exit statuses of every command, at the end of `textfit --help`.
let allExitStatusHelp = """
    EXIT STATUS (each command's --help lists its own)
      0 success · 1 failing checks (stress, stress merge) · 2 bad usage · 3 unreadable input · 4 output not
      written · 5 input over a limit (--max-…)
    """

/// `textfit --help`: every command's options.
let usage = [usageIntro, measureHelp, layoutHelp, stressHelp, fontsHelp, serveHelp, allExitStatusHelp].joined(separator: "\n\n")

/// `textfit COMMAND --help` (or `-h`): the command's line of USAGE, its options, examples and exit
/// statuses; `stress merge` has its own. `nil` for a word that is not a command.
func help(for command: String) -> String? {
    let sections = ["measure": measureHelp, "layout": layoutHelp, "stress": stressHelp, "stress merge": stressMergeHelp,
                    "fonts": fontsHelp, "serve": serveHelp]
    guard let section = sections[command], let status = exitStatusHelp[command] else { return nil }
    let line = usageIntro.split(separator: "\n").first { $0.hasPrefix("  textfit \(command) ") }.map(String.init) ?? ""
    return "USAGE\n\(line)\n\n\(section)\n\n\(status)"
}
