# TextFit — build, demo, test, bench. `make demo` and `make test` install what they need first.
SWIFT ?= swift
# Debian packages the build, the tests and the demo need (libharfbuzz-bin: hb-shape re-checks the
# width fixture, hb-subset cuts the `font` fuzz target's seeds; fonts-dejavu-core: a known system font for the Fontconfig fallback test;
# unicode-data: the Unicode conformance files the segmentation and bidi tests read;
# fonts-inter-variable and python3-fonttools: Tests/TypographyTests/Fixtures/make-apple-standins.py makes the
# stand-in Apple fonts from Inter (and DejaVu) with fontTools at test time, and hb-shape-variations.tsv has Inter rows;
# unicode-cldr-core: CLDR's plurals.xml, numberingSystems.xml and locale files, which the plural-count and
# number-format tests of LocaleNumbers and the stress samples take their expected values from;
# cmark-gfm: the CommonMark reference parser the inline-Markdown tests hold Text's string-literal keys to;
# jq and curl: the README's and docs' commands use them, and DocCommandsTests runs those commands;
# librsvg2-dev and libcairo2-dev: PNG pictures (Rendering rasterises its SVG with librsvg onto cairo;
# CRSVG declares the types itself and loads librsvg-2.so.2 and libcairo.so.2 with dlopen on the first
# PNG, so they bring the runtime libraries librsvg2-2 and libcairo2 the tests and the demo draw with);
# libmicrohttpd-dev: microhttpd.h for CMicroHTTPD, which loads libmicrohttpd.so.12 (libmicrohttpd12)
# with dlopen when an HTTP server starts; librsvg2-bin: rsvg-convert, which the PNG tests check our
# rasterisation against).
PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev fontconfig libicu-dev libfribidi-dev libmicrohttpd-dev \
  librsvg2-dev libcairo2-dev librsvg2-bin \
  unicode-data libharfbuzz-bin fonts-dejavu-core fonts-inter-variable python3-fonttools unicode-cldr-core cmark-gfm jq curl

.PHONY: setup build demo test docs install uninstall bench bench-peers sanitize browser-test clean load-replicas

## setup: install the missing Debian packages (idempotent; prints the command when not root)
setup:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "make setup: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else \
	  echo "make setup: missing packages; run: sudo apt-get install -y$$missing"; exit 1; \
	fi

build: setup
	$(SWIFT) build

## demo: measure real multilingual strings at three Dynamic Type sizes with the bundled fonts, then lay
## out a multilingual tag cloud (demo/tag-cloud.json) at three sizes, LTR and RTL, into SVGs in demo/out/;
## then Android: strings in Roboto at three font scales, and localization sweeps of demo/catalogs
## (an Android catalog on android, the same strings as a String Catalog on ios; failing checks are the
## point of a sweep, so its exit status 1 does not stop the demo); last, docs/library.md's view-built tag
## cloud (Examples/TagCloud: `struct TagChip: View` in a FlowLayout) prints its frames and writes
## demo/out/tag-cloud.svg and demo/out/tag-cloud.png (ImageRenderer, PNG through librsvg); last, the
## screen sweep of the sample app (Examples/SampleApp: a travel app's tabs, list, form, grid and detail
## page, `import SwiftUI`, its String Catalog in English and five translations): every screen in every
## locale plus pseudo-xa × 12 Dynamic Type sizes × 3 iPhones (LocalizationSweep), its findings printed
## and written as an HTML report with their pictures to demo/out/sweep/index.html, then every screen
## drawn on an iPhone 16 Pro in English, German, Arabic and Japanese to demo/out/sample-<screen>-<locale>.svg and .png
demo: setup
	@echo "make demo: building textfit, the tag cloud example and the sample app (a few minutes the first time)…"
	@$(SWIFT) build --product textfit >/dev/null
	@$(SWIFT) build --product TagCloudExample >/dev/null
	@$(SWIFT) build --product SampleAppDemo >/dev/null
	@bin=$$($(SWIFT) build --show-bin-path)/textfit; \
	$$bin measure --bundled-only --style body --dynamic-type xSmall,large,accessibility3 \
	  "Rindfleischetikettierung" "Settings" "Настройки" "الإعدادات" "הגדרות" "सेटिंग्स" \
	  "การตั้งค่า" "設定を変更する" "설정" "ጥቅል ቅንብሮች" "👩🏽‍💻 Dev mode" && \
	mkdir -p demo/out && echo && echo "Tag cloud (demo/tag-cloud.json) in a 390 pt wide container:" && \
	for direction in ltr rtl; do \
	  $$bin layout demo/tag-cloud.json --bundled-only --width 390 --dynamic-type xSmall,large,accessibility3 \
	    --direction $$direction --summary --svg demo/out/tag-cloud-$$direction.svg || exit 1; \
	done && echo && echo "Android (Roboto, Material 3 bodyLarge, sizes in sp under Android 14's font scaling):" && \
	$$bin measure --bundled-only --platform android --style bodyLarge --font-scale 1,1.3,2 "Einstellungen" "Настройки" "設定を変更する" && \
	echo && echo "Localization sweeps (demo/catalogs): an Android catalog, on android by itself (every font scale), in 160 dp:" && \
	{ $$bin stress demo/catalogs/android --bundled-only --width 160 --max-lines 1; [ $$? -le 1 ]; } && \
	echo && echo "The same strings as a String Catalog, --platform ios, at three Dynamic Type sizes, in 160 pt:" && \
	{ $$bin stress demo/catalogs/Settings.xcstrings --bundled-only --platform ios --width 160 --max-lines 1 \
	    --dynamic-type xSmall,large,accessibility3; [ $$? -le 1 ]; } && \
	echo && echo "SVGs: $$(ls demo/out/*.svg | tr '\n' ' ')" && \
	echo && echo "The tag cloud as SwiftUI code (Examples/TagCloud/main.swift, docs/library.md's example), with ImageRenderer:" && \
	$$($(SWIFT) build --show-bin-path)/TagCloudExample demo/out && \
	echo && echo "The screen sweep of the sample app (Examples/SampleApp, written as an iOS app's SwiftUI is): every screen in every language, size and iPhone:" && \
	$$($(SWIFT) build --show-bin-path)/SampleAppDemo demo/out

## test: the whole test suite (Swift Testing), after the API reference's checks (`make docs`)
test: setup
	$(SWIFT) build --product textfit
	python3 Tests/docs/build.py --swift $(SWIFT)
	python3 Tests/docs/build.py --swift $(SWIFT) --self-test
	$(SWIFT) test --disable-xctest

## docs: the API reference of the TextFit and TextFitLayout products, offline, with the toolchain's DocC
## (Tests/docs/build.py): symbol graphs of the debug build → .build/docs/TextFit and .build/docs/TextFitLayout,
## static sites (serve them: python3 -m http.server -d .build/docs, then
## http://localhost:8000/TextFit/documentation/textfit/). Fails, listing each, on a public symbol without a
## summary line, a code block in an article that does not compile, or any DocC warning (a symbol link
## that does not resolve…). About 25 s after the build. `make test` runs it, then its self-test (about
## 25 s: a copy of the catalog with a broken link and a broken code block must fail both checks).
docs: setup
	@$(SWIFT) build --product textfit >/dev/null
	python3 Tests/docs/build.py --swift $(SWIFT)

## install: `make install PREFIX=~/.local` builds textfit for release with the Swift runtime linked in
## (--static-swift-stdlib, in .build/install: it runs without the toolchain, needing only the Debian
## runtime libraries, README "Troubleshooting") and installs PREFIX/bin/textfit, its fonts with their
## MANIFEST and licences in PREFIX/share/textfit/fonts — where the binary looks for them,
## ../share/textfit/fonts from itself (docs/fonts.md) — and LICENSE in PREFIX/share/doc/textfit.
## DESTDIR is put before PREFIX, for packaging. uninstall removes exactly those files.
PREFIX ?= /usr/local
INSTALL_BUILD := -c release --static-swift-stdlib --scratch-path .build/install
FONT_FILES = $(wildcard fonts/*.ttf fonts/*.otf) fonts/MANIFEST fonts/LICENSE-OFL.txt fonts/LICENSE-Apache-2.0.txt
install: setup
	@echo "make install: building textfit for release (a few minutes the first time)…"
	@$(SWIFT) build $(INSTALL_BUILD) --product textfit >/dev/null
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/textfit/fonts" "$(DESTDIR)$(PREFIX)/share/doc/textfit"
	install -m 755 "$$($(SWIFT) build $(INSTALL_BUILD) --show-bin-path)/textfit" "$(DESTDIR)$(PREFIX)/bin/textfit"
	install -m 644 $(FONT_FILES) "$(DESTDIR)$(PREFIX)/share/textfit/fonts/"
	install -m 644 LICENSE "$(DESTDIR)$(PREFIX)/share/doc/textfit/LICENSE"
	@echo "make install: $(DESTDIR)$(PREFIX)/bin/textfit, its fonts in $(DESTDIR)$(PREFIX)/share/textfit/fonts"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/textfit" "$(DESTDIR)$(PREFIX)/share/doc/textfit/LICENSE"
	rm -f $(addprefix "$(DESTDIR)$(PREFIX)/share/textfit/fonts/,$(addsuffix ",$(notdir $(FONT_FILES))))
	-rmdir "$(DESTDIR)$(PREFIX)/share/textfit/fonts" "$(DESTDIR)$(PREFIX)/share/textfit" "$(DESTDIR)$(PREFIX)/share/doc/textfit" 2>/dev/null

## bench: benchmarks in a release build (not part of `make test`), each group in a fresh process:
## single lines against the raw-HarfBuzz floor, paragraphs, layouts, the localization stress sweep,
## the service, scaling: the growth per doubling of n of the workloads that once had a quadratic
## cliff, and the screen sweep: 1,440 layouts findings only on every core and on one (taskset -c 0),
## 14,400 findings only (peak memory), then 14,400 with the HTML report's pictures (speed is checked here, by figures to read, not by timed unit tests)
bench: setup
	@$(SWIFT) build -c release --product TextFitBench >/dev/null
	@bin=$$($(SWIFT) build -c release --show-bin-path)/TextFitBench; \
	$$bin --only lines && $$bin --only paragraphs && $$bin --only layouts && $$bin --only stress && $$bin --only service && \
	$$bin --only scaling && $$bin --only sweep && taskset -c 0 $$bin --only sweep && \
	SWEEP_BENCH_NO_PICTURES=1 $$bin --only sweep-screens && $$bin --only sweep-screens

# Release builds with DWARF 4 debug information: Debian 12's valgrind (3.19) gives up on Swift's DWARF 5.
PEERS_BENCH_FLAGS := -c release --scratch-path .build/cg -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
PEERS_CLI_FLAGS := -c release --static-swift-stdlib --scratch-path .build/static -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4

## bench-peers: TextFit against the raw-HarfBuzz floor, Pango, SkParagraph, Taffy and Yoga, interleaved in one
## run on the same corpora and fonts, plus `textfit measure --file` (the CLI as docs/deploy.md builds it for
## deployment, with the Swift runtime linked in: .build/static) and the HTTP service on every core;
## then each TextFit job's instructions per item under callgrind (a few minutes; ARGS="--no-instructions"
## skips them); installs the peers (apt, valgrind, and a venv outside the tree), prints the table and
## writes it to docs/performance.md. ARGS="--quick" for a smoke run.
bench-peers: setup
	@bash Benchmarks/Peers/setup.sh
	@$(SWIFT) build $(PEERS_BENCH_FLAGS) --product TextFitBench >/dev/null
	@$(SWIFT) build $(PEERS_CLI_FLAGS) --product textfit >/dev/null
	@python3 Benchmarks/Peers/run.py --textfit $$($(SWIFT) build $(PEERS_BENCH_FLAGS) --show-bin-path)/TextFitBench \
	  --cli $$($(SWIFT) build $(PEERS_CLI_FLAGS) --show-bin-path)/textfit \
	  --build $${TEXTFIT_PEERS_BUILD:-$(CURDIR)/.build/peers} $(ARGS)

## sanitize: the whole test suite under ThreadSanitizer, then AddressSanitizer with LeakSanitizer
## (each in its own build folder; the CLI tests run the textfit built there, sanitized too; Foundation's
## own leaks are suppressed in Tests/lsan.supp, with reasons, and the suppressions used are not printed,
## so a CLI's standard error is what it wrote; TEXTFIT_SANITIZER tells the tests which sanitizer is on)
sanitize: setup
	TEXTFIT_SANITIZER=thread $(SWIFT) test --sanitize=thread --scratch-path .build/tsan --disable-xctest
	TEXTFIT_SANITIZER=address LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --scratch-path .build/asan --disable-xctest

## browser-test: in headless Chromium (Debian chromium, installed here when missing), the playground
## page (changes width and Dynamic Type size, checks the rows; screenshot in demo/out/playground.png)
## and a stress report's pictures (the page's shared glyph sheet draws as each picture's own
## definitions would; screenshot in demo/out/stress-report.png; the page fits 1280 and 390 px windows:
## demo/out/stress-report-1280.png, -390.png), its screens page (each finding's screen loads lazily
## with its text outlined in red; screenshot in demo/out/screens-report.png), the sample app's
## screen-sweep report (every picture loads with its finding's text outlined; screenshot in
## demo/out/sweep-report.png) and the API reference (`make docs`; screenshots in demo/out/docs-*.png)
browser-test: setup
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	@$(SWIFT) build --product textfit >/dev/null
	Tests/browser/playground-test.sh
	Tests/browser/report-test.sh
	Tests/browser/screens-test.sh
	Tests/browser/sweep-report-test.sh
	Tests/browser/docs-test.sh

clean:
	$(SWIFT) package clean

## load-replicas: three `serve --http` replicas behind nginx (installed when missing) under load, one
## sent SIGTERM and another SIGKILL, without and with nginx's retry of POSTs (non_idempotent): counts
## failed requests per phase (Tests/load/replicas.sh; not part of `make test`, about 80 s; fails on any
## failed request with retries on). Figures in docs/deploy.md.
load-replicas: setup
	@$(SWIFT) build -c release --product textfit >/dev/null
	@TEXTFIT_BINARY=$$($(SWIFT) build -c release --show-bin-path)/textfit Tests/load/replicas.sh

## fuzz: one libFuzzer target with AddressSanitizer for SECONDS seconds, after replaying its saved
## crashers: `make fuzz TARGET=measure SECONDS=120` (targets and checks: Fuzz/README.md). Builds into
## /tmp/fuzz-build (FUZZ_BUILD=…), never .build. fuzz-all: every target, SECONDS each (.ci/run:
## SECONDS=30); exits 1, printing each input in hex and its report, if a saved crasher fails again or
## anything new is found.
TARGET ?= measure
SECONDS ?= 60
.PHONY: fuzz fuzz-all fuzz-setup
fuzz: fuzz-setup
	@Fuzz/fuzz.sh run $(TARGET) $(SECONDS)

fuzz-all: fuzz-setup
	@Fuzz/fuzz.sh all $(SECONDS)

## fuzz-setup: setup's packages, and lld when the Swift toolchain has no ld.lld (swift.org's ship it;
## the fuzz targets need lld: gold cannot link them). libFuzzer and ASan come with the toolchain.
fuzz-setup: setup
	@bin=$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")"); \
	if [ ! -x "$$bin/ld.lld" ] && ! command -v ld.lld >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make fuzz-setup: installing lld"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends lld >/dev/null; \
	  else \
	    echo "make fuzz-setup: no ld.lld; run: sudo apt-get install -y lld"; exit 1; \
	  fi; \
	fi
