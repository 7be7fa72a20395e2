import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import ShaderExecution
import TextRendering

/// Where the tiles and labels of a contact sheet go: `columns` cells per row, each a tile of
/// `tileSize` with its label strip underneath, `padding` pixels around and between cells.
struct GalleryLayout: Equatable {
    var count: Int
    var columns: Int
    var tileWidth: Int
    var tileHeight: Int
    var labelHeight: Int
    var padding = 4

    /// Rows of cells.
    var rows: Int { count == 0 ? 0 : (count + columns - 1) / columns }
    /// Columns actually used (fewer than `columns` when there are fewer tiles).
    var usedColumns: Int { min(columns, count) }
    /// One cell's width and height, padding after it included.
    var cellWidth: Int { tileWidth + padding }
    var cellHeight: Int { tileHeight + labelHeight + padding }
    /// The sheet's size.
    var width: Int { padding + usedColumns * cellWidth }
    var height: Int { padding + rows * cellHeight }

    /// The top-left corner of tile `index` (row-major order).
    func tileOrigin(_ index: Int) -> (x: Int, y: Int) {
        (padding + (index % columns) * cellWidth, padding + (index / columns) * cellHeight)
    }
}

/// `shade gallery`: every built-in filter at its defaults on one photo, on a labelled sheet.
enum GalleryCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "gallery",
        summary: "render every built-in filter on a photo as a labelled contact sheet",
        run: run)

    static let help = """
        usage: shade gallery PHOTO -o SHEET [--category C] [--columns N] [--size WxH]
                             [--overlay IMAGE] [--font FONT] [--quality Q] [--force] [--quiet]
                             [--jobs N]

        Renders every built-in filter ('shade filters') at its defaults on PHOTO, several at a
        time, and lays the results out in rows with each filter's name underneath.

        PHOTO is scaled to fill a tile (centred, cropped to the tile's aspect ratio). Filters
        that read a second image (blends, lookup, ...) get --overlay (default: PHOTO mirrored
        left to right); generators are rendered at the tile size; filters whose output has
        another size (crop) are fitted into the tile. A filter that fails is reported, its tile
        is left dark with its name in red, and the exit status is 65.

        options:
          -o, --output SHEET  the sheet (.jpg or .png; written atomically)
          --category C        only one category: color, processing, blend, effect, generator
          --columns N         tiles per row (default 10)
          --size WxH          tile size in pixels (default 160x120)
          --overlay IMAGE     the second image of two-input filters
          --font FONT         the labels' font: a family name or a file (default DejaVu Sans)
          --quality Q         JPEG quality 1-100 (default 85)
          --force             overwrite SHEET if it exists
          --quiet             no progress
          --jobs N            filters rendered at once (default: one per core)

        exit status: 0 ok, 64 usage, 65 a filter failed or a bad image, 66 missing photo or
        font, 73 the sheet exists or cannot be written.

        examples:
          $ shade gallery photo.jpg -o sheet.jpg
          $ shade gallery photo.jpg -o blends.png --category blend --columns 6 --size 240x180
          $ shade gallery coffee.png --overlay ghost.png -o docs/images/contact-sheet.jpg --force

        """

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--output", "-o"], takesValue: true),
        .init(names: ["--category"], takesValue: true),
        .init(names: ["--columns"], takesValue: true),
        .init(names: ["--size"], takesValue: true),
        .init(names: ["--overlay"], takesValue: true),
        .init(names: ["--font"], takesValue: true),
        .init(names: ["--quality"], takesValue: true),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--jobs", "-j"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    /// Sheet colours: background, label text, a failed filter's label.
    static let background = SIMD4<Float>(32, 32, 32, 255) / 255
    static let labelColor = SIMD4<Float>(230, 230, 230, 255) / 255
    static let failureColor = SIMD4<Float>(1, 0.3, 0.3, 1)

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("gallery", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        guard scanner.positionals.count == 1, let photoPath = scanner.positionals.first else {
            throw .usage(scanner.positionals.isEmpty ? "no photo given (shade gallery PHOTO -o SHEET)"
                : "one photo at a time, got \(scanner.positionals.count) arguments")
        }
        guard let output = scanner.last("--output") else { throw .usage("no output given (-o SHEET)") }
        guard output != "-" else { throw .usage("the sheet is written to a file, not to stdout") }
        let category: FilterCategory?
        let columns: Int, tile: (width: Int, height: Int), quality: Int, jobs: Int
        do throws(UsageError) {
            category = try scanner.parsed("--category", as: FilterCategory.allCases.map(\.rawValue).joined(separator: ", ")) {
                FilterCategory(rawValue: $0.lowercased())
            }
            columns = try scanner.parsed("--columns", as: "a number from 1 to 100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 10
            tile = try scanner.parsed("--size", as: "WxH from 16x16 to 2048x2048, e.g. 160x120") {
                parseSize($0).flatMap { (16...2048).contains($0.width) && (16...2048).contains($0.height) ? $0 : nil }
            } ?? (160, 120)
            quality = try scanner.parsed("--quality", as: "a number from 1 to 100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 85
            jobs = try scanner.parsed("--jobs", as: "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
                ?? Schedule.coreCount
        } catch {
            throw .usage(error.message)
        }
        let encoding = try OutputFile.encoding(for: output, quality: quality)
        let overlayPath = scanner.last("--overlay")
        try OutputFile.checkWritable(output, inputs: [photoPath] + (overlayPath.map { [$0] } ?? []), force: scanner.has("--force"))

        // The label font, found before any rendering: a missing font is reported at once.
        let labelSize = max(9, min(32, tile.height / 10))
        let fontName = scanner.last("--font") ?? Font.defaultName
        let font: Font
        do {
            font = try Font(named: fontName, pixelSize: labelSize)
        } catch {
            let code: ExitCode = if case .unreadableFont = error { .dataError } else { .noInput }
            throw CommandFailure(code: code, message: "shade gallery: error: \(error)\n")
        }

        let filters = FilterCatalog.all.filter { category == nil || $0.category == category }
        let photo = try fitted(ChainCommand.decodeImage(photoPath), to: tile, fillMode: 2)
        let overlay = try overlayPath.map { path throws(CommandFailure) in try fitted(ChainCommand.decodeImage(path), to: tile, fillMode: 2) }
            ?? photo.mirrored()

        // Tiles, several filters at a time, one thread each (a tile is small).
        let results = TileResults(count: filters.count)
        let style: ProgressBar.Style = ProgressBar.style(quiet: scanner.has("--quiet"))
        let progress = ProgressBar(total: filters.count, style: style == .lines ? .quiet : style, write: console.standardError)
        let executor = Executor(schedule: Schedule(threadCount: 1))
        let failures = BatchRunner(jobs: jobs, progress: progress).run(
            count: filters.count, label: { filters[$0].name },
            makeWorker: { () throws(CommandFailure) -> (Int) throws(CommandFailure) -> Void in
                return { (index: Int) throws(CommandFailure) in
                    let filter = filters[index]
                    let operation = FilterOperation(filter: filter)
                    let inputs = filter.inputCount == 0 ? [] : [photo] + Array(repeating: overlay, count: filter.inputCount - 1)
                    if filter.inputCount == 0 || filter.output.isGiven {
                        operation.outputSize = ImageSize(width: tile.width, height: tile.height)
                    }
                    do {
                        var image = try operation.apply(to: inputs, executor: executor)
                        if image.width != tile.width || image.height != tile.height {
                            image = try GalleryCommand.fitted(image, to: tile, fillMode: 1)
                        }
                        results.set(index, image)
                    } catch {
                        throw CommandFailure(code: .dataError, message: "shade gallery: \(filter.name): error: \(error)\n")
                    }
                }
            })
        if let summary = progress.summary(), !scanner.has("--quiet"), filters.count > 1 { console.standardError(summary) }

        let layout = GalleryLayout(
            count: filters.count, columns: columns, tileWidth: tile.width, tileHeight: tile.height,
            labelHeight: font.ascender + font.descender + 4)
        let failed = Set(failures.map(\.index))
        let sheet = compose(
            layout: layout, names: filters.map(\.name), tiles: (0..<filters.count).map { results.get($0) },
            failed: failed, font: font)
        try OutputFile.write(sheet, to: output, as: encoding, console: console)
        if !scanner.has("--quiet") {
            console.standardError("shade gallery: \(filters.count - failed.count) filters -> \(output) (\(layout.width)x\(layout.height))\n")
        }
        return failed.isEmpty ? .success : .dataError
    }

    /// The sheet: tiles in rows, names underneath (cut with '…' to the tile's width).
    static func compose(layout: GalleryLayout, names: [String], tiles: [Texture?], failed: Set<Int>, font: Font) -> Texture {
        var bytes = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        let back = SIMD4<UInt8>(Texture.unorm8(background.x), Texture.unorm8(background.y), Texture.unorm8(background.z), 255)
        for i in 0..<(layout.width * layout.height) {
            bytes[4 * i] = back.x; bytes[4 * i + 1] = back.y; bytes[4 * i + 2] = back.z; bytes[4 * i + 3] = 255
        }
        for (index, tile) in tiles.enumerated() {
            guard let tile else { continue }
            let origin = layout.tileOrigin(index)
            let pixels = tile.converted(to: .rgba8).rgba8Bytes
            for y in 0..<layout.tileHeight {
                for x in 0..<layout.tileWidth {
                    let s = (y * tile.width + x) * 4, d = ((origin.y + y) * layout.width + origin.x + x) * 4
                    // Transparent pixels show the background, as the sheet is opaque.
                    let a = Float(pixels[s + 3]) / 255
                    for k in 0..<3 {
                        bytes[d + k] = Texture.unorm8((Float(pixels[s + k]) * a + Float(bytes[d + k]) * (1 - a)) / 255)
                    }
                }
            }
        }
        var sheet = Texture(width: layout.width, height: layout.height, rgba8: bytes)
        for (index, name) in names.enumerated() {
            let origin = layout.tileOrigin(index)
            var label = name
            while label.count > 1 && font.extent(of: label).width > layout.tileWidth {
                label = String(label.dropLast(label.hasSuffix("…") ? 2 : 1)) + "…"
            }
            let coverage = font.coverage(of: label)
            sheet = sheet.drawing(
                coverage, atX: origin.x + 1, y: origin.y + layout.tileHeight + 2,
                color: failed.contains(index) ? failureColor : labelColor)
        }
        return sheet
    }

    /// `image` scaled to `size` with the built-in resize filter: fill mode 2 fills and crops,
    /// 1 fits with bars of the sheet's background.
    static func fitted(_ image: Texture, to size: (width: Int, height: Int), fillMode: Int) throws(CommandFailure) -> Texture {
        do {
            let resize = try FilterOperation(named: "resize")
            resize.outputSize = ImageSize(width: size.width, height: size.height)
            try resize.setParameter(components: [Float(fillMode)], forName: "fillMode")
            try resize.setParameter(components: [background.x, background.y, background.z, 1], forName: "backgroundColor")
            return try resize.apply(to: [image], executor: Executor(schedule: Schedule(threadCount: 1)))
        } catch {
            throw CommandFailure(code: .dataError, message: "shade gallery: error: cannot scale an image: \(error)\n")
        }
    }

    /// The finished tiles, behind a lock (workers fill them in any order).
    final class TileResults: @unchecked Sendable {
        private let lock = NSLock()
        private var tiles: [Texture?]
        init(count: Int) { tiles = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ texture: Texture) { lock.withLock { tiles[index] = texture } }
        func get(_ index: Int) -> Texture? { lock.withLock { tiles[index] } }
    }
}

extension OutputSize {
    /// Whether the caller chooses the output size (`output: given`).
    var isGiven: Bool { if case .given = self { true } else { false } }
}

extension Texture {
    /// The texture with its columns in the opposite order (RGBA8).
    func mirrored() -> Texture {
        let bytes = converted(to: .rgba8).rgba8Bytes
        var result = bytes
        for y in 0..<height {
            for x in 0..<width {
                let s = (y * width + x) * 4, d = (y * width + (width - 1 - x)) * 4
                result[d..<d + 4] = bytes[s..<s + 4]
            }
        }
        return Texture(width: width, height: height, rgba8: result)
    }
}
