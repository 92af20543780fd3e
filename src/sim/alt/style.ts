// Styles for the second renderer: a cloth, lamps, a camera. `tuning` is tournament green under two
// lamps; the held-out variants put a blue cloth or a worn, dark green one under three lamps (the
// first held-out split), or an olive-green or steel-blue cloth under four small lamps (the second,
// rendered and run only once the vision's changes were done). `royal` and `forest` (a royal-blue and a
// dark forest-green cloth under two lamps) are tuning styles made for the hard cases (a ball the
// cloth's colour, a black in a pocket's shadow); `purple-penta` and `grey-penta` (a purple and a grey
// cloth under five lamps in a row) are the third held-out split, run only at the end. Issue 14's grey
// cloths: `charcoal-duo` and `silver-duo` (a charcoal and a silver-grey cloth under two lamps) are
// tuning styles; `slate-hexa` and `camel-hexa` (a light slate-grey and a tan cloth under six small
// lamps hung low in two rows of three, over the long sides rather than the middle) are the fourth held-out split, rendered and run only once,
// at the end. Held-out 5 (issue 14, run once after the RMS and brown fixes): `worn-mono`, the worn
// dark-green cloth under a single large lamp over the middle, hung high (the ends in its falloff),
// and `royal-warm`, the royal-blue cloth under the three lamps with a warm white balance throughout.
// Held-out 6 (issue 14, rendered and run only at the end of the sixth session): two long LED strips
// down the table instead of lamps, a cool white balance, and cloths no split had: `teal-strip`, a
// blue-green cloth between the green and the blue balls' hues, and `emerald-matte`, an emerald cloth
// with a worn, matte ball set (a dull highlight, a broad sheen: another ball material).
// Held-out 7 (issue 14, rendered before the seventh session's vision work and run only at its end):
// `navy-side`, a navy-blue cloth lit by one large lamp hung off one long side (a strong fall of light
// across the bed, the far side in shade), and `lime-glossy`, a bright lime-green cloth under two wide
// bars of light across the table, with a new, highly polished ball set (a strong, tight highlight).
// Held-out 8 (issue 14, made at the end of the seventh session for the next one's end):
// `spruce-pendant`, a dark blue-green cloth under three small pendants hung low, seen with a strong
// amber cast (tungsten lamps, a daylight white balance), and `cobalt-ring`, a cobalt-blue cloth lit
// only by a ring light round the camera's lens, with a satin-finished ball set (a broad, soft
// highlight at the top of every ball, no shadows to speak of).
// Held-out 9 (issue 14, made in the ninth session and run only once, at its end): `burgundy-spots`, a
// burgundy cloth under eighteen small LED downlights set in a low ceiling (light from many sides, many
// small bright highlights on every ball), exposed a touch bright, with another maker's set (an
// orange-brown brown, a lighter blue-green green, a deeper pink); and `greyblue-tubes`, a mid
// grey-blue cloth under four bare fluorescent tubes across the table, seen with the green cast such
// tubes leave and a little dark, with an old set faded by years of light and worn matte.
// Held-out 10 (issue 14, made in the ninth session for the next session's end; run only once):
// `moss-box`, a brown-olive cloth under a pool hall's single fluorescent box light over the middle,
// whose skirt leaves a hard edge of light across the bed near each end (the ends in its spill), seen
// by a wide-angle camera whose lens darkens the corners, with the cast of cool-white tubes; and
// `blackgreen-tv`, a near-black charcoal-green cloth under a TV rig's even light from twelve soft
// panels, exposed bright for the dark cloth (the cue, the yellow and the pink near clipping), with
// yet another maker's set (a very dark brown close to the black, a salmon pink close to the red).
// Held-out 11 (issue 14, made in the tenth session for the next session's end; run only once):
// `tangerine-sky`, a burnt-orange cloth (between the brown, the red and the pink balls' hues) under
// one great soft skylight far above the whole table (next to no shadow, faint broad highlights), a
// little under-exposed, with a satin set; and `aqua-eight`, a turquoise cloth under eight small bare
// lamps in two rows over the long sides, seen with the magenta cast of cheap LEDs, with a highly
// polished set from a fourth maker (an orange-yellow yellow, a yellow-green green, a light blue).
// Held-out 12 (issue 14, made in the eleventh session for the next session's end; run only once):
// `wine-cluster`, a deep wine-purple cloth (darker and redder than the purple, bluer than the
// burgundy) under a single billiard-hall cluster of three small lamps hung low over the middle (a hot
// pool mid-table, the ends in its falloff), seen with a strong mixed cast (a warm tungsten white
// balance with the green spike of the hall's tubes); and `sand-panels`, a pale sand-khaki cloth
// under four bright square LED panels down the middle, a little cool, shot at a high ISO (three
// times the usual sensor noise), with a fifth maker's set (a lemon yellow, a bright green, a violet
// blue, a coral pink).
// Held-out 13 (issue 14, made in the twelfth session for the next session's end; run only once):
// `mustard-arc`, a mustard-gold cloth (between the yellow and the brown balls' hues) under a bow of
// six small lamps curving over the middle and one end (the other end in their falloff), seen through a
// lens that darkens the corners a little, with a sixth maker's set (a creamy cue ball, a dark red, a
// blue-green green, a pale pink); and `petrol-window`, a petrol blue-green cloth lit mostly by
// daylight from a tall window beside one long side (a strong, soft fall of light across the bed) with
// a weak lamp overhead, seen cool and a little over-exposed.
// Held-out 14 (issue 14, made in the thirteenth session for the next session's end; run only once):
// `crimson-diagonal`, a crimson cloth (the reds' own hue, darker) under five small lamps hung in a
// line slanting across the table, corner to corner (no lamp on the table's axis), warm, with a seventh
// maker's set (a bright orange-red red, a deep royal blue, a salmon-rose pink); and `powder-track`, a
// pale powder-blue cloth under two ceiling tracks of eight small spots each, high over the long sides,
// seen through a wide lens that darkens the corners, a little under-exposed.
// Held-out 15 (issue 14, made in the fourteenth session for the next session's end; run only once):
// `jade-corner`, a light jade cloth (a bluish green, between the tournament green and teal) lit by one
// strong lamp hung low beyond a corner of the table and a weak lamp high over the middle (the light
// falls off from that corner across the whole bed, long shadows pointing away from it), warm, with an
// eighth maker's highly polished set (a maroon red, an olive green, a chocolate brown, a sky blue, a
// coral pink); and `indigo-perimeter`, an indigo cloth lit only by eight small lamps around the table,
// beyond its cushions (the bed's middle the darkest, every ball lit from the sides), a green tint and
// twice the sensor noise.
// Held-out 16 (issue 14, made in the fifteenth session for the next session's end; run only once):
// `rose-twin`, a dusty rose cloth (between the pink and the red balls' hues, greyed) under two long
// oval lamps hung high and off to one long side (that side's cushion brighter, the other in their
// falloff), a little cool, with a ninth maker's set (a cherry red, a pale pink near the cloth, a
// sea-green green); and `bronze-end`, a bronze-brown cloth (the brown ball's hue, lighter) lit only by
// two lamps hung beyond one end of the table (long shadows down its length, the far end dim), exposed
// for the lit end, with a worn matte set.
// Held-out 17 (issue 14, made in the sixteenth session for the next session's end; run only once):
// `cream-strips`, a pale cream cloth (near the cue ball's colour: a light ball on a light bed, where
// every split so far had a bed darker than the cue) lit by two warm LED strips running the length of
// both long sides above the cushions (fairly even light across the bed, a long streak of highlight on
// either side of every ball), with a tenth maker's highly polished set (a dark cherry red, a chocolate
// brown, a navy blue, a bright lemon yellow); and `turquoise-ring`, a turquoise cloth lit only by a
// ring of eight small LEDs round the camera's lens (flat frontal light: each ball's highlight a small
// ring near its middle, its shadow hidden under it), cool, seen through a lens that darkens the
// corners strongly, with the sixth maker's set in a satin finish.
// Held-out 18 (issue 14, made in the seventeenth session for the next session's end; run only once):
// `lilac-skylight`, a light lilac cloth (a pale violet: every purple cloth so far, the purple, the
// indigo, the wine, was dark) lit by daylight alone, through a skylight of eight panes in a grid of
// mullions high in the ceiling, a little towards one end (soft light, that end brighter, the skylight's
// mirror image a small bright bar on every ball), a little cool, exposed a little down for the light
// bed, with an eleventh maker's highly polished set (a raspberry red, a caramel brown lighter than any
// so far, a jade green, a cerulean blue, a hot magenta pink); and `sage-bar`, a mid grey-green sage
// cloth under a single long tungsten bar lamp hung low over one long side's third of the bed (one long
// streak of highlight on every ball, the far side in the lamp's falloff), seen with the strong yellow
// cast a daylight white balance leaves under tungsten.
// Held-out 19 (issue 14, made in the eighteenth session for the next session's end; run only once):
// `espresso-beams`, a dark espresso-brown cloth (the brown balls' hue, far darker than the camel and
// the bronze, the only brown cloths so far) under four small spotlights set in the ceiling in a
// square over the middle, each beam a soft-edged pool of light (the whole width lit, the last half
// metre of either end in the beams' spill; four sharp shadows and four small dots of highlight on
// every ball), a little warm, exposed a touch dark, with a twelfth maker's set in a satin finish (a
// vermilion red, a sand-tan brown lighter than any so far, a teal green, a mid blue, a peach pink, an
// ivory cue ball); and `taupe-uplight`, a taupe cloth (a warm grey-brown: every grey cloth so far was
// neutral or bluish) in a room lit only by four uplighters off the table's corners, their light
// bounced off the ceiling (no lamp over the table: very even light, soft shadows four ways, faint
// highlights) with twice the usual light from the room's walls, neutral, exposed a little over, with
// the usual set worn matte.
// Held-out 20 (issue 14, drawn in the nineteenth session for the next session's end; run only once):
// `fuchsia-chandelier`, a vivid fuchsia cloth (a magenta: every purple-red cloth so far, the wine, the
// burgundy, the crimson, was dark, the rose greyed) under an oval chandelier of twelve frosted globe
// bulbs hung over the middle (a ring of small bare lamps: twelve sharp shadows fanned round every
// ball, a ring of twelve small dots of highlight on its top, the ends in the bulbs' falloff) in a dark
// room (less than half the usual light from the walls), warm, with a thirteenth maker's highly
// polished set (a bright scarlet red, a greenish lemon yellow, a grass green, a walnut brown, an
// ultramarine blue, a baby pink, a blue-black black, a creamy cue ball); and `mint-grid`, a pale mint
// cloth (a light pastel green: every green cloth so far was mid or dark) under a low canopy of
// thirty-two small LED panels in a grid over the whole bed and beyond its cushions (many soft
// shadows, a grid of small square dots of highlight on every ball, the light falling off only
// towards the cushions), seen with the cold blue-white cast of cool LEDs, the coolest so far, exposed
// a little down for the light bed, with the usual set.
// Held-out 21 (issue 14, drawn in the twentieth session, run once at the start of the twenty-first;
// now tuning data):
// `pearl-window`, a pale pearl cloth (a near-white, the lightest and most neutral cloth so far: the
// cream was yellow, the silver mid-grey) in mixed light: daylight from a tall window beside one long
// side and two warm tungsten pendants over the far half (the first lamps with colours of their own:
// the light, and the cloth, the cue ball and the yellow with it, turning from bluish by the window to
// amber on the far side; every ball's shadows coloured by the other light), seen with a white balance
// between the two, exposed well down for the pale bed, with the usual set; and `plum-cross`, a deep
// plum cloth (a red-violet between the wine, the purple and the fuchsia, darker than the fuchsia,
// redder than the purple, lighter than the wine) under two long fluorescent battens crossing in an X
// over the middle (two long soft shadows crossing under every ball, an X of highlight on its top, the
// ends and corners in their falloff), a little warm with the tubes' green, with a fourteenth maker's
// set (a deep orange-red red, a golden yellow, a bottle green, a chocolate brown, a petrol blue, a
// coral pink, a warm white cue ball).
// Held-out 22 (issue 14, drawn in the twenty-first session and run once in it; now tuning data):
// `chartreuse-highbay`, a bright yellow-green cloth (a bar table's chartreuse: the lime was a grass
// green, the olive and the moss dark) in a sports hall, lit only by the hall's metal-halide high-bays
// 7 m up on the hall's own grid (no lamp over the table: nine small, far lamps, the nearest off to
// one side and one end, very even light, nine sharp short shadows and nine small hot dots of
// highlight on every ball, none at its top), the hall's light walls and floor lighting it too, seen
// with the lamps' green by a webcam whose rolling shutter catches their mains flicker in bands across
// the frame, with the usual set; and `orange-stage`, a vivid orange cloth (brighter and yellower than
// the tangerine, the only orange so far) at a streamed event in a dark arena, lit by four floods at
// the corners of a truss 4 m up (four sharp shadows crossing under every ball, four dots of highlight
// towards its corners) and by two stage wash lights on stands beyond the ends, one blue, one magenta
// (the first lamps of saturated colour: that end of the bed and the balls' sides towards it tinted,
// a coloured dot of highlight on their rims), exposed down for the bright cloth, with a fifteenth
// maker's highly polished set (an oxblood red, the darkest so far, a primrose yellow, the palest, a
// spring green and an azure blue, the lightest, a mocha brown, an orchid pink, a brown-black black, a
// cool white cue ball).
// Held-out 23 (issue 14, drawn in the twenty-first session and run once at its end; now tuning data):
// `electric-sun`, an electric-blue cloth (a bright azure, lighter and greener than the blue, bluer than
// the aqua: the streamed pool matches' cloth) in a games room in a conservatory on a clear afternoon,
// lit by the sun through its glass roof and by the blue sky (the first light from outside the room
// that is not a window's: parallel light, one hard shadow a ball, all pointing the same way, lit by the
// sky alone, a glint a tenth of a mm across), seen balanced for daylight, exposed well down for the
// bright cloth, with the usual set; and `scarlet-bulb`, a scarlet cloth (a bright true red: the crimson
// was dark) in a basement games room lit only by a single bare bulb hung from the ceiling off the
// table's middle (the first lamp lighting all round: one hard short shadow a ball, one hot glint, the
// light falling off towards the far end and corners), seen by a webcam whose auto white balance the
// red cloth filling the frame pulls too far (whites cyan-blue, the coolest cast so far), with a
// sixteenth maker's set (a coral red, an amber yellow, a sea-foam green, a hazel brown, a violet blue,
// a candy pink, a greenish black, a cool white cue ball).
// Held-out 24 (issue 14, drawn in the twenty-first session, run once at the start of the twenty-second):
// `gold-filament`, a gold cloth (a deep golden yellow, yellower and brighter than the mustard) in a bar
// lit by five clear filament bulbs hung bare on flexes of different lengths down the table (the first
// bare bulbs in a row and at staggered heights: five hard shadows fanned along the table, five tiny hot
// glints on every ball) and by a red neon sign on the wall beyond one long side (a red streak of
// highlight and a red rim on every ball's side towards it), a dark bar, seen by a phone whose auto
// white balance leaves the bulbs' 2200 K amber (the warmest cast so far), with a seventeenth maker's
// set (a cerise red, a butter yellow, a leaf green, a ginger brown, a steel blue, a lavender pink, an
// aubergine black, a pinkish white cue ball); and `pink-cove`, a candy-pink cloth (lighter and less
// blue than the fuchsia, more saturated than the rose) in a home games room lit by a slim LED bar lamp
// over the middle and by the room's ice-blue LED strip in a ceiling cove round its walls (the first
// coloured light from all round: every ball's shadows and flanks cyan-blue, the bed's ends and sides
// bluer), seen by a webcam whose auto white balance the blue room pulls warm and magenta, with the
// usual set.
// Held-out 25 (issue 14, drawn in the twenty-second session and run once at its end):
// `terracotta-blinds`, a terracotta cloth (a light brick-orange, pinker and lighter than the tangerine)
// in a clubroom lit by the low afternoon sun through a window's venetian blind beside one long side
// (the first light in stripes: hard-ish stripes of sun and shade slanting across the bed and across
// every ball, crisp by the window and softer across the table, the shade lit only by the room; one
// long hard shadow a ball, all parallel) and by a weak warm ceiling light, seen balanced for daylight,
// with the usual set; and `onyx-cctv`, a near-black onyx cloth (darker and more neutral than the
// charcoal and the black-green, the darkest so far) under one large square fluorescent panel over the
// middle, seen by a cheap security camera (the first sharpened frame: a light and a dark halo along
// every edge; strong sensor noise, heavy vignetting, a green cast), with an eighteenth maker's set (a
// brick red, a mustard-gold yellow, an olive green, a tan brown, a cyan blue, a salmon pink, a jet
// black, an off-white cue ball).
// Held-out 26 (issue 14, drawn in the twenty-second session and run once at the start of the
// twenty-third, before any change; tuning data since): `hunter-haze`, a worn dark bottle-green (hunter) tournament cloth, greyer than the spruce and
// the forest, with real wear (the first patchy cloth: large soft blotches of lighter, rubbed nap a few
// hundred mm across, a lighter worn patch round the black spot and a worn track along the baulk line,
// a few smudges of chalk dust near the spots), in a smoky bar (the first haze: a milky veil over every
// dark value and a soft bloom round the balls' bright highlights) under a three-lamp canopy of warm
// light, with the usual set; and `mauve-rgb`, a dusty mauve cloth (a greyish purple, greyer and darker
// than the lilac, bluer than the rose) under a home table's RGB LED canopy whose colour changes along
// the table (magenta-red light at one end, white in the middle, green-cyan at the other: the bed, the
// balls and their highlights changing hue end to end), seen by a webcam balanced for the middle, with a
// nineteenth maker's set (a raspberry red, a lime-lemon yellow, a grey sage green, a dark chestnut
// brown, an indigo blue, a peach pink, a black, a warm white cue ball).
// Held-out 27 (issue 14, drawn in the twenty-third session and run once at its end; tuning data since):
// the first cameras of their own (camera.ts; every split before was drawn with calibration/demo.json's
// camera). `periwinkle-ultrawide`, a periwinkle cloth (a light blue-violet, bluer than the lilac,
// lighter and greyer than the blue) in a home games room with a low ceiling, seen by an ultra-wide
// camera hung low and straight down over the middle of the bed (strong barrel distortion: the cushions
// bowed, the ends' balls squeezed), lit by two LED halo rings set under the ceiling (a ring of small
// glints on every ball), with the usual set; and `khaki-stand`, a khaki cloth (a greyish olive-tan,
// greener and greyer than the sand and the camel) seen by a camera on a stand beyond the baulk end,
// tilted to look down the table (the far end's balls half as large as the near end's), lit by a
// photographer's softbox on a stand beside it (light from the camera's side: shadows pointing away
// from it, the near end brighter) and by two opal domes on the ceiling, with a twentieth maker's set (a
// coral-orange red, an apricot yellow, a fern green, an oxblood brown, a cornflower blue, an orchid
// pink, a green-black black, an ivory cue ball).
// Held-out 28 (issue 14, drawn in the twenty-third session, run once at the start of the twenty-fourth;
// tuning data since): a streamer's camera, every frame through
// H.264 (stream.ts). `cerulean-stream`, a cerulean cloth (a light sky blue, greener than the powder,
// lighter than the aqua) under an ordinary three-lamp canopy, the usual set; and `violet-webcam`, a
// violet cloth (a vivid blue-purple, bluer than the plum, lighter than the indigo) in a room lit by day
// through a window beyond the far end and by one weak warm lamp, seen by a webcam, with a twenty-first
// maker's set (a cherry-crimson red, a citron yellow, a light emerald green, a bronze-umber brown, an
// azure-royal blue, a mauve pink, a blue-black black, a cool white cue ball).
// Held-out 29 (issue 14, drawn in the twenty-fourth session and run once at its end; tuning data since):
// a player at the table in every frame (player.ts: the cue over the table, the
// bridge hand on the cloth, the arms). `raspberry-player`, a raspberry cloth (a bright pinkish red,
// lighter and bluer than the crimson, redder than the fuchsia) under an ordinary three-lamp canopy, the
// player in a white shirt, the usual set; and `avocado-player`, an avocado cloth (a yellow-olive green,
// yellower than the olive, darker and more saturated than the khaki, duller than the chartreuse) under four
// smaller lamps two by two, a little warm, the player in a navy jumper, with a twenty-second maker's set
// (a pure bright red, a deep straw yellow, a dark pine green, a toffee brown, a deep sapphire blue, a
// light rose pink, a blue-black black, a warm ivory cue ball).
// Held-out 30 (issue 14, drawn in the twenty-fourth session, run once at the start of the
// twenty-fifth; tuning data since): frames taken mid-stroke (motion.ts: the cue ball just struck, object balls
// rolling after contact, the rest still), each moving ball blurred over the camera's shutter time.
// `pistachio-motion`, a pale pistachio cloth (a light yellow-green, paler than the chartreuse and the
// lime, yellower than the mint) under four bare fluorescent tubes across the table, seen with their
// green at 1/100 s (flicker-free on 50 Hz mains), with a twenty-third maker's set (a bright vermilion
// red, a pale lemon yellow, a grass green, a dull olive-brown brown, a vivid ultramarine blue, a lilac
// pink, a black, a white cue ball); and `ink-motion`, an ink cloth (a blue-black, darker than the navy,
// bluer than the onyx) under three small shaded pendants hung low (hot pools of light, the bed dark
// between), a little warm, the room dim enough that the camera holds 1/50 s (the longest flicker-free
// time) and raises its gain, the usual set.
// Held-out 31 (issue 14, drawn in the twenty-fifth session and run once at its end; tuning data since):
// what a real club table has that no variant before drew. `apricot-spotted`,
// an apricot cloth (a light orange-peach, lighter and pinker than the tangerine, more saturated than
// the sand) under an ordinary three-lamp canopy, with a TV-style set, a twenty-fourth maker's (a deep
// scarlet red, a warm golden yellow, an emerald green, a chocolate brown, a royal blue, a rose pink, a
// black, a bright white cue ball): its cue ball spotted, six red dots 9 to 10 mm across on the axes
// of a cube turned at random by the seed (from overhead 1 to 3 show), with a few smudges of blue chalk
// on it; and blue chalk dabbed on the cloth by cue tips (4 to 12 mm, faint to strong, most round the D
// and the blue, pink and black spots). `ice-mirror`, an icy blue cloth (a pale sky blue, lighter
// than the powder, bluer than the pearl) under two lamps, with the usual set lacquered to a polish that
// mirrors the room (render.ts AltMirror): by Fresnel, weak at the middle and strong toward the rim,
// each ball reflects the cloth round it in its lower flanks (from overhead its rim takes the cloth's
// colour), the lamps' canopy's white underside as a bright rectangle over its top, a dark ceiling, and a
// window's panes on one side (which, and where, drawn by the seed).
// Held-out 32 (issue 14, drawn in the twenty-sixth session, to be run once at its end): a camera's own
// optics and processing as no variant before drew them. `teal-phone`, a vivid teal cloth (a bright,
// saturated blue-green, lighter and more saturated than the teal and the turquoise, greener than the
// aqua) under an ordinary three-lamp canopy, seen by a phone on a stand with its own processing on
// (render.ts AltDenoise, AltToneMap): its small sensor's noise taken out by aggressive noise reduction
// (the chroma blurred over several px at half size while luma keeps its edges, colour bleeding past
// them: a watercolour's look; fine low-contrast texture such as the nap cored away), local tone mapping
// (the shadows lifted, the lamps' pools compressed), and a strong unsharp mask after it (a bright and a
// dark halo 1 to 2 px wide round every edge), with a twenty-fifth maker's set (a rust red, a canary
// yellow, an apple green, a plum-brown brown, an iris blue, a bubblegum pink, a petrol-black black, a
// cream cue ball). `slate-defocus`, a pale slate blue-grey cloth (bluer than the silver and the slate,
// greyer and lighter than the powder) under two lamps, seen by a camera a little out of focus (a disc
// blur, 1.5 px in radius at 1080 rows) whose lens magnifies red 0.15 % more and blue 0.15 % less than
// green about the image's centre (lateral chromatic aberration: colour fringes, none at the middle, 1.7
// px each way at a 1080p frame's corners), with the usual set worn by years of club play, matte and
// scuffed (AltScuffs: its highlights broken by fine scuffs and gone in matte patches, where drawn by the
// seed).
// Held-out 33 (issue 14, drawn and run once in the twenty-seventh session): a table's cloth and
// light as a sponsor and a cheap LED fitting leave them, as no variant before drew them.
// `shamrock-sponsor`, a vivid shamrock-green cloth (a TV table's bright, saturated green: lighter and
// more saturated than the tournament, the emerald and the jade, bluer than the lime) under two lamps,
// printed with a sponsor's branding (render.ts AltPrint: ink in the nap under the balls and their
// shadows): a large pale oval emblem over the blue and pink spots with a gold ring and the sponsor's
// name in gold block letters across it, the name in gold along both side cushions (one in each half)
// and in white at the baulk end, the ink worn off in soft patches and thinner on some fibres (the nap
// through it), with a twenty-sixth maker's set (a garnet red, a marigold yellow, a grass green, a
// dark chocolate brown, a light cornflower blue, a hot coral pink, an olive-black black, a blue-white
// cue ball). `grape-flicker`, a grape-purple cloth (bluer and more saturated than the violet, lighter
// than the indigo) under two LED panels of different whites, a warm 3000 K one over the baulk half and
// a cool 6000 K one over the top half (the cloth, the balls and their highlights warm at one end and
// cool at the other), seen balanced between them by a camera whose rolling shutter catches the LEDs'
// 100 Hz ripple (AltFlicker: ±17 %, a cycle of bands every third of the frame's height, their rows
// bluer where bright and warmer where dark: the phosphors' light lags the blue die's), with the usual
// set.
// Held-out 34 (issue 14, drawn and run once in the twenty-eighth session; tuning data since): what lies on and
// around a real club table, and a camera's dirty lens, as no variant before drew them. `rust-clutter`,
// a rust-red cloth (browner and darker than the tangerine, redder than the camel) under two lamps, with
// things on the table that are not balls, placed by the seed a ball radius or more clear of every ball
// (clutter.ts; render.ts AltClutter: drawn in the bed's plane, casting shadows from their heights): a
// cube of blue chalk on the cloth near a cushion (its top cupped by cue tips, a darker hollow) with a
// few spots of its dust spilled round it, another on the rail, a rest lying along a long cushion (its
// dark shaft 12 mm thick, a brass ferrule and cross head), a round card beer mat of a ball's size on the
// rail; with a twenty-seventh maker's set (a rose red, an amber-gold yellow, a leaf green, an olive
// brown, a slate-periwinkle blue, a dusty old-rose pink, a blue-black black, an ivory cue ball).
// `peacock-dusty-lens`, a muted peacock-blue cloth (greyer than the cerulean, bluer than the
// turquoise; no channel near black, where the camera's curve has its toe's step and a smear's faint
// light would draw a contour) under three lamps, seen through a dirty lens (AltLensDirt): fourteen to
// twenty-two specks of dust on its front glass, each a soft out-of-focus disc 10 to 40 px across at
// 1080 rows taking 5 to 25 % of the light, fixed in the frame wherever the balls lie, and a greasy
// smear over one region of the frame (its light mixed towards its surroundings', its highlights and
// white balls glowing), with the usual set.
// Held-out 35 (issue 14, drawn in the twenty-ninth session and run once then; tuning data since): a match
// night at a club table and a cheap webcam, as no variant before drew them. `denim-brushed`, a faded
// denim-blue cloth (greyer than the royal and the blue, bluer than the steel and the grey-blue, less violet
// than the periwinkle) freshly brushed and ironed (render.ts AltSheen): lanes 250 to 380 mm wide down the
// table's length, brushed one way and the other in turn, each 4 to 8 % lighter or darker where a lamp lies
// near the mirror of the camera's ray and a quarter of that elsewhere, under the balls and their shadows;
// under a two-lamp canopy and a wall light beyond each long side, with one or two onlookers standing beside
// a long side out of the frame (AltOnlooker), each hiding their wall light from part of the bed and the
// balls (a large soft shadow, 20 to 45 % darker); with a twenty-eighth maker's set (a cherry-rose red, an
// olive-citron yellow, a sea-green green, a deep oxblood brown, a pale sky blue, an orchid-magenta pink, a
// brown-black black, a bright white cue ball). `seafoam-720p`, a pale sea-foam cloth (a light blue-green,
// greener than the ice and the powder, bluer and lighter than the mint) under three lamps, seen by a cheap
// 720p webcam whose stream the capture scales up to the frame's size (AltWebcam): the light averaged over
// its 1280 x 720 photosites behind a Bayer filter and no anti-alias filter, its colours filled in
// bilinearly (false colour on sharp edges), developed there, coded as MJPEG at quality 60 and scaled up
// bilinearly, with the usual set.
// Held-out 36 (issue 14, drawn in the thirtieth session, run once then; tuning data since): a referee's hand over the
// table and an old analogue camera, as no variant before drew them. `maroon-referee`, a deep maroon
// cloth (redder and darker than the burgundy, less purple than the wine, darker than the crimson: near
// the reds' and the brown's hue) under four lamps two by two, the referee's white-gloved hand reaching
// in over the bed in some frames from beyond a cushion (referee.ts: the glove's back, fingers and
// thumb, its cuff, the dark sleeve of the forearm and upper arm rising past the cushion; drawn as a
// player's parts are, so with their soft shadows on the cloth and the balls), each part at least a
// ball radius clear of every ball and hiding none from the camera; with a twenty-ninth maker's set (a
// poppy-orange red, a sulphur-lime yellow, a jade-teal green, a rosewood brown, a bright cobalt blue, a
// lilac-magenta pink, a wine-black black, a snow-white cue ball). `caramel-analogue`, a caramel cloth (a
// warm golden tan, lighter and more golden than the camel, more orange than the sand and the khaki)
// under three lamps, seen by an old analogue CCTV camera through a capture card (render.ts AltAnalogue):
// 576 interlaced lines of 720 samples, its composite video's chroma smeared over several samples across
// a line while the luma keeps its edges, dots of the colour subcarrier left beside sharp colour edges,
// its two fields woven together or one field's lines doubled (bob, drawn by the seed), scaled up to the
// frame's size, with the usual set.
// Held-out 37 (issue 14, drawn and run once in the thirty-first session; tuning data since): a lamp's flare in a cheap
// lens and a capture that decodes the camera's video wrongly, as no variant before drew them.
// `lagoon-flare`, a deep lagoon cyan-blue cloth (bluer and darker than the aqua, greener than the
// electric blue, lighter than the petrol) under three lamps, seen by a camera whose lens catches a
// bright bare bulb just beyond the frame's edge (render.ts AltFlare: 41 to 52° off its axis, on any
// side): its veiling glare, a broad warm glow over the frame strongest towards the bulb, and five to
// seven ghosts of the lens's internal reflections on the line from the bulb's image through the frame's
// optical centre (hexagons of the iris's six blades, 25 to 150 px across at 1080 rows, the small ones
// bright and the large faint, tinted green, magenta, amber or blue by the coatings, on both sides of
// the centre), with the usual set. `canary-capture`, a bright canary-yellow cloth (lighter and greener
// than the gold, far from every other) under two lamps, seen by a camera whose YCbCr video (BT.709,
// 4:2:0) a capture decodes by BT.601's matrix and in the wrong range (render.ts AltCapture, drawn by
// the seed: limited read as full, the blacks lifted to 16 and the whites held to 235, the colours
// weaker; or full read as limited, the levels stretched, the darks crushed to black, the lights clipped
// to white and the colours stronger), with a thirtieth maker's set (a rose-crimson red, an olive-lime
// yellow, an aqua-green green, an amber-ochre brown, an ultramarine violet-blue blue, an orchid pink, a
// slate-black black, an old ivory cue ball yellowed with use).
// Held-out 38 (issue 14, drawn in the thirty-second session, to be run once): a club's polarisers
// against its lamps' glare and an old CCD camera's blooming, as no variant before drew them.
// `coral-polariser`, a coral cloth (a light orange-pink red, pinker and lighter than the terracotta,
// redder than the apricot) under three lamps fitted with polarising film, seen by a camera with a
// polarising filter crossed to the film (render.ts AltPolariser, drawn by the seed: the film's axis any
// way across the table; what the films leak, most at blue and least at green; their cast, a little
// warm): the lamps' highlights in the balls all but gone (a faint violet glint is left), what the
// balls mirror of the cloth and the room dimmed along the filter's axis and brightened across it round
// their rims, with a highly polished thirty-first maker's set (a carmine red, a pale lemon yellow, a
// pale jade green, a honey-tan brown, a deep pure blue, a pale blush pink, a charcoal black, a
// blue-white cue ball). `umber-ccd`, a dark umber cloth (a deep orange-brown, darker and more saturated
// than the bronze, redder than the moss) under four small bare halogen lamps two by two (a hot, tight
// highlight on every ball), seen by an old CCD security camera exposed well up for the dark cloth (render.ts AltCcd, drawn by the seed: its full well, its weak
// overflow drain, its smear): every highlight beyond a photosite's full well spills its charge up and
// down its column, a white streak above and below it as long as its excess fills, and each bright
// column a faint smear the frame's height, with the usual set.
// Held-out 39 (issue 14, drawn in the thirty-third session, to be run once): cheap LED panels of a poor
// colour rendering, as no variant before drew them. `meadow-lowcri`, a bright meadow-green cloth (a
// light, vivid grass green, lighter and yellower than the shamrock, greener than the lime) under four
// square LED panels down the middle whose light is a blue die's narrow band and one narrow phosphor's,
// little beyond 620 nm (render.ts AltLamplight, spectrum.ts; drawn by the seed: the die's peak and
// width, the phosphor's, their shares), the camera balanced to them: each pigment's reflectance
// spectrum lit by theirs, so that the reds lose the deep red that set them apart (the red and the brown
// nearer each other than in daylight, both dull brick), the cloth a little olive, the whites still
// white, with a thirty-second maker's set (a vermilion red, an acid lemon yellow, a dark leaf green, a
// burnt-sienna brown, a deep violet-blue blue, a hot rose pink, a warm black, a warm white cue ball).
// `sapphire-dome`, a deep sapphire-blue cloth (a pure, dark blue, bluer and darker than the royal,
// brighter than the navy) under an ordinary three-lamp canopy, seen by a CCTV dome camera through its
// bubble of smoked acrylic (render.ts AltDome, drawn by the seed: where the bubble's centre is seen,
// its ghost's strength and focus, its arcs of scratches and dust, its tint): a faint second image of
// the frame turned half round about the bubble's centre (the balls' highlights as faint spots
// elsewhere on the dark cloth), arcs where the frame is a little blurred, a slight bronze cast, with
// the usual set.
// Held-out 40 (issue 14, drawn in the thirty-third session, to be run once): an ageing sensor and a wide
// lens's colour shading left uncorrected, as no variant before drew them. `orchid-sensor`, a vivid orchid
// cloth (a pinkish purple, lighter and pinker than the violet, more purple than the pink) in a dim room
// (three lamps, the walls dark) seen at a high gain, a little under, by a camera whose sensor has aged
// (render.ts AltSensor: its defects the camera's, the same in every frame; the frame's warmth drawn by
// the seed): hot photosites, a few in 10 000, each a dot of its Bayer site's colour, stuck ones at full,
// its columns' and rows' faint offsets, its readout amplifier's reddish glow in one corner, with a
// thirty-third maker's set (a strawberry red, a bright lemon yellow, a vivid spring green, a copper
// brown, a bright ultramarine blue, a pale powder pink, a blue-black black, a soft white cue ball).
// `sky-shading`, a bright sky-blue cloth (lighter and more saturated than the cerulean, bluer than the
// powder) under two lamps, seen by a phone's wide camera whose lens-shading correction is another
// module's (render.ts AltShading, drawn by the seed: the optical centre, the fall, the tint magenta or
// green): the corners darker and tinted, the tint growing with the square of the distance from the
// optical centre, with the usual set.
// Held-out 41 (issue 14, drawn in the thirty-fourth session, to be run once): a camera blind to its
// own near infrared no more, and a projector's logo on the table, as no variant before drew them.
// `spring-infrared`, a bright spring-green cloth (a mint green, lighter and more saturated than the
// meadow, greener than the vivid teal) under four bare halogen lamps rich in near infrared, seen by a
// day/night camera whose IR-cut filter has stuck open (render.ts AltInfrared, drawn by the seed: the
// lamps' near infrared, the sensor's green and blue response to it): every dye's near-infrared
// reflectance adds to red, and some to green and blue, the camera balanced to a white: the cloth's dye
// and the red, yellow, pink and brown bright in infrared, the blue less, the black's carbon not at all
// (the cloth paler and pinker, the brown nearer the red), with the usual set. `hotpink-gobo`, a hot-pink
// cloth (more saturated than the pink, lighter than the fuchsia) under two lamps, and a projector on
// the ceiling beyond a long side casting a club's logo through a coloured gobo (render.ts AltGobo, drawn
// by the seed, so that it moves from frame to frame: where it aims, how large, its spin, which pair of
// glasses): a sharp-edged spot of coloured light with a ring and a star of another colour, on the cloth
// and over the balls in it, their sharp shadows of it; a thirty-fourth maker's set (a vermilion red, an
// old-gold yellow, a pure green, a rosy brown, a violet blue, an orchid pink, a jet black, a cream cue
// ball).
// Held-out 42 (issue 14, drawn in the thirty-fourth session, to be run once): what a camera or a stream
// burns into the picture, as no variant before drew it. `acid-cctv`, an acid-green cloth (yellower and
// lighter than the chartreuse, greener than the canary) under three lamps, seen by a CCTV camera whose
// on-screen display is on (render.ts AltOsd, drawn by the seed): its clock at the top left, ticking on
// from frame to frame, and its name at the bottom right, in white or yellow bitmap text ringed black,
// partly over the bed, with the usual set. `cyan-stream`, a bright cyan cloth (lighter and greener than
// the vivid teal) under two lamps, streamed: the channel's logo at the top right and a score bug low on
// the left, half see-through over the table (their names and scores drawn for each frame); a
// thirty-fifth maker's set (a deep crimson red, a citron yellow, a grass green, a rosewood brown, an
// ultramarine violet blue, a light orchid pink, a blue-black, a cold white cue ball).
// Held-out 43 (issue 14, drawn in the thirty-fifth session, to be run once): what a camera draws from
// the frames before the one it gives, as no variant before drew it (the balls in those frames from
// motion.ts altHistory: one to three rolled into their places, some rolling still, some just stopped).
// `iris-packets`, an iris-blue cloth (a light violet blue, bluer than the periwinkle) under three lamps,
// streamed by an IP camera whose network loses packets (render.ts AltPacketLoss): in five frames of six a slice
// or two of 16-px macroblocks (at 4K H.264's 16 or H.265's 64) hidden by the decoder with the previous
// frame's picture, a wrong shift of it, or a grey-green smear, one across a ball that moved; the usual
// set. `neon-nr`, a neon-green cloth (greener and purer than the acid) under two lamps, seen by a CCTV
// camera whose temporal noise reduction (render.ts AltTemporalNR) leaves a moving ball's fading comet
// behind it and a ball just stopped half blended with the cloth; a thirty-sixth maker's set (a
// vermilion red, a tan yellow, an emerald green, an amber brown, a pure blue, a magenta pink, a warm
// black, an ivory cue ball).
// Held-out 44 (drawn in the thirty-fifth session, late, to be run once): two things a club's camera or
// its lamps do that no variant before drew. `ultraviolet-hdr`, an ultraviolet cloth (an electric violet,
// bluer and purer than the violet) under three lamps, filmed by a phone or an action camera whose HDR
// merge takes a short exposure 8 to 16 ms before this one (render.ts AltHdrMerge): a moving ball faint
// where it was then, a bright one mostly there, and the merge's tone curve flattening the light; the
// usual set. `flamingo-lamp`, a pink-flamingo cloth (a light magenta, lighter than the orchid) under
// four LED panels in a row, one of which is failing (its driver cutting out) (render.ts AltLampFailure): dark in half the frames,
// caught dim while flickering in a third, lit in the rest, the camera's auto exposure making up part of
// the light lost; the usual set.
// Held-out 45 (drawn in the thirty-sixth session, to be run once): `magenta-awb`, a magenta cloth (a
// pure magenta, redder than the ultraviolet, 101 code values from the orchid, its nearest) under mixed
// light, daylight from a tall window beside one long side and two warm tungsten pendants over the far
// half (pearl-window's room, its window drawn in four lengths), filmed by a camera whose auto white balance hunts (render.ts
// AltAwbHunt): its estimate of the light swings frame to frame between the window's and the bulbs',
// the bulbs' side orange in one frame and the window's blue in the next; the usual set.
// `pureblue-neighbour`, a pure blue cloth (108 code values from the royal, its nearest) under three lamps,
// one table of a club's row laid end to end, filmed by a camera hung higher with a shorter lens
// (camera.ts overTheRow) that sees past the far rail the floor and the near end of the next table, 1.6
// to 2 m on (render.ts AltNeighbour): its own cloth (a tournament green, a scarlet or an electric blue),
// three to six of its balls, and a player's arm reaching over it, nothing of it on this table's bed; a
// thirty-seventh maker's set (an orange-red red, an olive-gold brown, a deep golden yellow, a dusty pink,
// a grass green, an indigo blue, a warm ivory cue ball, a blue-black black).
// Held-out 46 (drawn late in the thirty-sixth session, to be run once): `celery-yellowed`, a celery cloth
// (a light yellow-green, paler than the lime, 80 code values from the pistachio, its nearest) under three lamps,
// with a thirty-eighth maker's set whose cue ball has yellowed with decades of play to an old ivory-straw
// (its blue 98 below its red: the yellowest cue ball so far, the canary-capture's 46), duller and
// lighter than the set's yellow but nearer it than any older set's cue ball is to its yellow (a
// marigold-orange yellow, a rose-red red, a burnt-orange brown, an olive green, an azure blue, an
// orchid-lilac pink, a neutral black). `byzantium-sunpatch`, a byzantium cloth (a deep purple-magenta, darker and
// bluer than the fuchsia, 66 from it, its nearest) under three lamps in an attic games room, the low afternoon sun through a roof window in the
// roof's pitch (render.ts AltAperture, drawn by the seed: the sun's bearing and height, the roof's
// pitch and facing, the window's size and where its light falls): a sharp-edged parallelogram of warm
// sunlight across part of the bed, the balls in it lit from the sun's side with long, sharp parallel
// shadows; the usual set.
// Held-out 47 (drawn in the thirty-seventh session, to be run once): `kelly-underglow`, a kelly-green
// cloth (a pure mid green, purer than the tournament and the lime, 65 and 67 code values from them, its nearest) under
// three lamps on a table fitted with a club's RGB LED strips (render.ts AltUnderglow, drawn by the seed):
// one along the inner edge of each rail just over the cushion's nose, one under each rail's outer edge,
// the strips' colour stepping slowly round the rainbow from frame to frame (a controller's hue cycle): a
// band of coloured light along every cushion (past the nose's shadow, 110 to 200 mm wide; falling off
// across the bed), the flanks of the balls near a cushion lit in it, each ball's long shadow fan away from
// each strip, the strip itself a bright coloured line along the rails, the floor round the table aglow;
// the usual set. `cardinal-shake`, a cardinal-red cloth (a pure, bright red, redder and lighter than the
// scarlet, 78 from it, its nearest) under two lamps, filmed by a camera on a pole set ringing on its
// mount (render.ts AltShake, drawn by the seed: 6 to 18 Hz, 1.5 to 5 px either way at 1080 rows, along
// any direction and a little across, over a 1/60 to 1/30 s exposure): every edge of the frame smeared
// along a short arc, the balls' blur round where they lie; the usual set.
// Held-out 48 (drawn in the thirty-eighth session, to be run once): `hyacinth-repaired`, a hyacinth cloth
// (a light blue-violet, 61 code values from its nearest older cloth) under three lamps, mended with one to
// three sewn patches (render.ts AltRepair, drawn by the seed): rounded rectangles 50 to 160 by 30 to 100
// mm, turned any way, a shade off the bed (0.78 to 0.9 or 1.1 to 1.25 of its colour), their nap turned 30
// to 90 degrees off the bed's, a running stitch of a darker thread 2 to 3.5 mm inside each edge and the
// hem's ridge shading the cloth along it; the usual set. `aquamarine-twotone`, an aquamarine bed (66 from
// its nearest) under two lamps on a two-tone table: its cushions covered in a contrasting cloth (black,
// navy, burgundy, mid grey or bottle green, drawn by the seed); a thirty-ninth maker's set.
// Held-out 49 (drawn in the thirty-ninth session, to be run once): `sunflower-darned`, a sunflower cloth
// (a deep golden yellow, 65 code values from its nearest older cloth) under three lamps, torn and darned
// closed in one or two places (render.ts AltDarning, drawn by the seed): a straight slit 30 to 110 mm
// long, across the nap (within 35 degrees of the table's width), gaping 0.4 to 1.2 mm onto the slate,
// under a band 5 to 9 mm wide of cross-stitches 2 to 3.5 mm apart in a darning wool 0.8 to 1.4 mm thick,
// 0.55 to 0.8 or 1.1 to 1.3 times the bed's colour, the band puckered (the cloth shaded 0.04 to 0.1 along
// the slit); the usual set. `menthol-pillarbox`, a menthol cloth (a light, bright green, 68 from its nearest)
// under two lamps, filmed by a 4:3 camera whose picture the stream carries pillarboxed in its 16:9 frame
// (render.ts AltPillarbox; camera.ts's fourByThree: the table in the middle 1440 of 1920 columns, the
// bars either side a flat black, 0 to 3 code values, the picture's edge blended over 0.5 to 1.5 px), and
// the frames streamed (stream.ts); a fortieth maker's set.
// Held-out 50 (drawn in the fortieth session, to be run once): `primrose-swaying`, a primrose cloth (a
// pale, creamy yellow, 68 code values from its nearest older cloth) under three small pendants hung low
// down the middle, one of them knocked and swinging on its cord (render.ts AltSway, drawn by the seed):
// a cord 0.7 to 1.4 m long, 50 to 150 mm either way along any direction and 0 to 0.3 of that across it,
// caught anywhere in its swing, rising as it swings up and leaning with its cord (its pool of light, the
// balls' shadows and highlights of it moved from frame to frame) and moving on over a 1/50 to 1/15 s
// exposure (drawn as three lamps over it: the highlights and shadows smeared); the usual set.
// `maize-spilled`, a maize cloth (a warm light yellow, 62 from its nearest) under two lamps, with one or
// two drinks spilled on the bed and dried (render.ts AltSpills): irregular stains 20 to 55 mm in mean
// radius, the cloth inside darkened and browned (0.7 to 0.88 of it, its blue 0.8 to 0.9 of that), a tide
// mark 1 to 3 mm wide at the edge 0.65 to 0.85 of the stain again, a thin glossy film of the dried sugars
// on it; a forty-first maker's set.
// Held-out 51 (drawn in the forty-first session, to be run once): `lawn-creased`, a lawn cloth (a
// bright grass green, 80 code values from its nearest older cloth) under two lamps, with the creases a
// table cover's folds pressed into the bed (render.ts AltCreases, drawn by the seed): one or two along
// the table's length and one or two across it (a cover folded in half or in thirds each way), within
// 1.5° of square to the table, each 1 to 3 mm wide, a ridge (or, one in three, a valley: the fold the
// other way) whose flanks slope 0.2 to 0.5 at their steepest, fading along it to as little as 0.4 of
// itself; the matte cloth on each flank lit more by the lamps it faces and less by those it turns from,
// so each crease a faint line lit on one side and shaded on the other; the usual set. `poppy-pastel`, a
// poppy cloth (a bright orange-red, 68 from its nearest) under three lamps, with a forty-second maker's
// set: a pale, pastel set (every coloured ball's darkest channel 100 code values or more, where no older
// set's red has one over 70).
import type { Table } from '../../equipment/index.ts';
import { makeRng, type Rng } from '../random.ts';
import type {
  AltAnalogue,
  AltBallMark,
  AltCapture,
  AltArc,
  AltCcd,
  AltDome,
  AltLamplight,
  AltFlare,
  AltBox,
  AltChalkDabs,
  AltDenoise,
  AltFlicker,
  AltHaze,
  AltInfrared,
  AltOsd,
  AltOsdText,
  AltPacketLoss,
  AltLostSlice,
  AltTemporalNR,
  AltHdrMerge,
  AltLampFailure,
  AltAwbHunt,
  AltShake,
  AltUnderglow,
  AltRepair,
  AltPatch,
  AltDarn,
  AltDarning,
  AltPillarbox,
  AltSway,
  AltStain,
  AltSpills,
  AltCrease,
  AltCreases,
  AltNeighbour,
  AltLamp,
  AltAperture,
  AltLensDirt,
  AltMirror,
  AltOnlooker,
  AltPolariser,
  AltPrint,
  AltPrintMark,
  AltScuffs,
  AltSensor,
  AltShading,
  AltSharpen,
  AltSheen,
  AltStyle,
  AltToneMap,
  AltWear,
  AltWebcam,
  AltWornPlace,
  Srgb8,
} from './render.ts';

export const ALT_VARIANTS = [
  'tournament',
  'blue',
  'worn',
  'dim',
  'olive-quad',
  'blue-quad',
  'royal',
  'forest',
  'purple-penta',
  'grey-penta',
  'charcoal-duo',
  'silver-duo',
  'slate-hexa',
  'camel-hexa',
  'worn-mono',
  'royal-warm',
  'teal-strip',
  'emerald-matte',
  'navy-side',
  'lime-glossy',
  'spruce-pendant',
  'cobalt-ring',
  'burgundy-spots',
  'greyblue-tubes',
  'moss-box',
  'blackgreen-tv',
  'tangerine-sky',
  'aqua-eight',
  'wine-cluster',
  'sand-panels',
  'mustard-arc',
  'petrol-window',
  'crimson-diagonal',
  'powder-track',
  'jade-corner',
  'indigo-perimeter',
  'rose-twin',
  'bronze-end',
  'cream-strips',
  'turquoise-ring',
  'lilac-skylight',
  'sage-bar',
  'espresso-beams',
  'taupe-uplight',
  'fuchsia-chandelier',
  'mint-grid',
  'pearl-window',
  'plum-cross',
  'chartreuse-highbay',
  'orange-stage',
  'electric-sun',
  'scarlet-bulb',
  'gold-filament',
  'pink-cove',
  'terracotta-blinds',
  'onyx-cctv',
  'hunter-haze',
  'mauve-rgb',
  'periwinkle-ultrawide',
  'khaki-stand',
  'cerulean-stream',
  'violet-webcam',
  'raspberry-player',
  'avocado-player',
  'pistachio-motion',
  'ink-motion',
  'apricot-spotted',
  'ice-mirror',
  'teal-phone',
  'slate-defocus',
  'shamrock-sponsor',
  'grape-flicker',
  'rust-clutter',
  'peacock-dusty-lens',
  'denim-brushed',
  'seafoam-720p',
  'maroon-referee',
  'caramel-analogue',
  'lagoon-flare',
  'canary-capture',
  'coral-polariser',
  'umber-ccd',
  'meadow-lowcri',
  'sapphire-dome',
  'orchid-sensor',
  'sky-shading',
  'spring-infrared',
  'hotpink-gobo',
  'acid-cctv',
  'cyan-stream',
  'iris-packets',
  'neon-nr',
  'ultraviolet-hdr',
  'flamingo-lamp',
  'magenta-awb',
  'pureblue-neighbour',
  'celery-yellowed',
  'byzantium-sunpatch',
  'kelly-underglow',
  'cardinal-shake',
  'hyacinth-repaired',
  'aquamarine-twotone',
  'sunflower-darned',
  'menthol-pillarbox',
  'primrose-swaying',
  'maize-spilled',
  'lawn-creased',
  'poppy-pastel',
] as const;
export type AltVariant = (typeof ALT_VARIANTS)[number];

export const ALT_CLOTH: Readonly<
  Record<
    | 'tournament'
    | 'blue'
    | 'worn'
    | 'olive'
    | 'steel'
    | 'royal'
    | 'forest'
    | 'purple'
    | 'grey'
    | 'charcoal'
    | 'silver'
    | 'slate'
    | 'camel'
    | 'teal'
    | 'emerald'
    | 'navy'
    | 'lime'
    | 'spruce'
    | 'cobalt'
    | 'burgundy'
    | 'greyblue'
    | 'moss'
    | 'blackgreen'
    | 'tangerine'
    | 'aqua'
    | 'wine'
    | 'sand'
    | 'mustard'
    | 'petrol'
    | 'crimson'
    | 'powder'
    | 'jade'
    | 'indigo'
    | 'rose'
    | 'bronze'
    | 'cream'
    | 'turquoise'
    | 'lilac'
    | 'sage'
    | 'espresso'
    | 'taupe'
    | 'fuchsia'
    | 'mint'
    | 'pearl'
    | 'plum'
    | 'chartreuse'
    | 'orange'
    | 'electric'
    | 'scarlet'
    | 'gold'
    | 'pink'
    | 'terracotta'
    | 'onyx'
    | 'hunter'
    | 'mauve'
    | 'periwinkle'
    | 'khaki'
    | 'cerulean'
    | 'violet'
    | 'raspberry'
    | 'avocado'
    | 'pistachio'
    | 'ink'
    | 'apricot'
    | 'ice'
    | 'vividteal'
    | 'paleslate'
    | 'shamrock'
    | 'grape'
    | 'rust'
    | 'peacock'
    | 'denim'
    | 'seafoam'
    | 'maroon'
    | 'caramel'
    | 'lagoon'
    | 'canary'
    | 'coral'
    | 'umber'
    | 'meadow'
    | 'sapphire'
    | 'orchid'
    | 'sky'
    | 'spring'
    | 'hotpink'
    | 'acid'
    | 'cyan'
    | 'iris'
    | 'neon'
    | 'ultraviolet'
    | 'flamingo'
    | 'magenta'
    | 'pureblue'
    | 'celery'
    | 'byzantium'
    | 'kelly'
    | 'cardinal'
    | 'hyacinth'
    | 'aquamarine'
    | 'sunflower'
    | 'menthol'
    | 'primrose'
    | 'maize'
    | 'poppy'
    | 'lawn',
    Srgb8
  >
> = {
  tournament: [28, 118, 52],
  blue: [30, 80, 150],
  worn: [40, 90, 54],
  olive: [58, 96, 44],
  steel: [44, 86, 124],
  royal: [24, 62, 170],
  forest: [22, 72, 40],
  purple: [86, 58, 112],
  grey: [96, 100, 104],
  charcoal: [48, 50, 54],
  silver: [150, 152, 154],
  slate: [118, 126, 134],
  camel: [156, 122, 84],
  teal: [20, 98, 96],
  emerald: [26, 112, 74],
  navy: [22, 44, 98],
  lime: [54, 132, 38],
  spruce: [16, 72, 62],
  cobalt: [24, 66, 140],
  burgundy: [100, 28, 42],
  greyblue: [76, 98, 122],
  moss: [96, 86, 46],
  blackgreen: [26, 40, 34],
  tangerine: [168, 86, 40],
  aqua: [24, 136, 148],
  wine: [74, 20, 58],
  sand: [198, 174, 122],
  mustard: [170, 134, 36],
  petrol: [18, 78, 92],
  crimson: [128, 20, 34],
  powder: [132, 168, 196],
  jade: [40, 140, 112],
  indigo: [44, 40, 112],
  rose: [168, 108, 114],
  bronze: [122, 86, 46],
  cream: [214, 204, 172],
  turquoise: [36, 156, 148],
  lilac: [160, 138, 186],
  sage: [100, 128, 94],
  espresso: [72, 50, 40],
  taupe: [124, 112, 102],
  fuchsia: [158, 34, 104],
  mint: [132, 186, 152],
  pearl: [214, 214, 208],
  plum: [112, 40, 104],
  chartreuse: [130, 160, 36],
  orange: [222, 100, 20],
  electric: [0, 130, 210],
  scarlet: [186, 30, 36],
  gold: [214, 168, 28],
  pink: [226, 110, 160],
  terracotta: [196, 96, 82],
  onyx: [24, 25, 28],
  hunter: [52, 84, 62],
  mauve: [130, 100, 130],
  periwinkle: [104, 112, 168],
  khaki: [150, 146, 96],
  cerulean: [60, 150, 190],
  violet: [130, 70, 170],
  raspberry: [170, 40, 80],
  avocado: [112, 122, 40],
  pistachio: [150, 186, 108],
  ink: [26, 30, 58],
  apricot: [246, 158, 98],
  ice: [170, 225, 245],
  vividteal: [0, 184, 180],
  paleslate: [174, 186, 208],
  shamrock: [0, 170, 80],
  grape: [90, 40, 180],
  rust: [150, 60, 30],
  peacock: [60, 130, 160],
  denim: [70, 92, 168],
  seafoam: [140, 220, 200],
  maroon: [84, 12, 14],
  caramel: [196, 148, 80],
  lagoon: [0, 110, 140],
  canary: [232, 206, 60],
  coral: [245, 100, 85],
  umber: [100, 64, 10],
  meadow: [76, 200, 84],
  sapphire: [0, 6, 140],
  orchid: [195, 55, 195],
  sky: [80, 190, 250],
  spring: [50, 230, 150],
  hotpink: [250, 20, 140],
  acid: [160, 250, 0],
  cyan: [0, 245, 245],
  iris: [95, 90, 255],
  neon: [15, 255, 0],
  ultraviolet: [140, 0, 255],
  flamingo: [255, 130, 255],
  magenta: [255, 0, 255],
  pureblue: [0, 0, 255],
  celery: [190, 255, 115],
  byzantium: [165, 0, 160],
  kelly: [0, 145, 0],
  cardinal: [255, 0, 55],
  hyacinth: [160, 150, 255],
  aquamarine: [85, 255, 210],
  sunflower: [255, 215, 0],
  menthol: [120, 255, 145],
  primrose: [255, 255, 155],
  maize: [255, 215, 120],
  poppy: [250, 40, 0],
  lawn: [85, 215, 0],
};

/**
 * Lamps of one make hung in a row down the table, at these fractions of its length: over its middle,
 * or at `lamp.x` mm across it.
 */
const downTheTable = (
  t: Table,
  power: number,
  fractions: readonly number[],
  lamp: Pick<AltLamp, 'z' | 'hx' | 'hy' | 'glare' | 'colour'> & { readonly x?: number },
): AltLamp[] =>
  fractions.map((f) => ({
    x: lamp.x ?? t.width / 2,
    y: t.length * f,
    z: lamp.z,
    hx: lamp.hx,
    hy: lamp.hy,
    power,
    ...(lamp.glare === undefined ? {} : { glare: lamp.glare }),
    ...(lamp.colour === undefined ? {} : { colour: lamp.colour }),
  }));

const twoLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.3, 0.7], { z: 1100, hx: 260, hy: 380 });

const threeLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.2, 0.5, 0.8], { z: 950, hx: 320, hy: 220 });

/** Four smaller lamps, two by two. */
const quadLamps = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].flatMap((fy) =>
    [0.3, 0.7].map((fx) => ({ x: t.width * fx, y: t.length * fy, z: 1000, hx: 180, hy: 180, power })),
  );

/**
 * Four small bare halogen lamps two by two, as a home-made canopy holds them: each a hot capsule in a
 * small open reflector (a bright, tight highlight on every ball, four sharp shadows).
 */
const halogenLamps = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].flatMap((fy) =>
    [0.3, 0.7].map((fx) => ({
      x: t.width * fx,
      y: t.length * fy,
      z: 1000,
      hx: 60,
      hy: 60,
      power,
      glare: 30,
    })),
  );

/** Five narrow lamps in a row down the table, hung higher. */
const pentaLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.1, 0.3, 0.5, 0.7, 0.9], { z: 1250, hx: 200, hy: 140 });

/** Six small lamps hung low in two rows of three over the long sides: pools of light, darker between. */
const hexaLamps = (t: Table, power: number): AltLamp[] =>
  [0.2, 0.5, 0.8].flatMap((fy) =>
    [0.2, 0.8].map((fx) => ({ x: t.width * fx, y: t.length * fy, z: 850, hx: 140, hy: 140, power })),
  );

/** One large lamp over the middle of the table, hung high: the ends of the bed in its falloff. */
const monoLamp = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2, y: t.length / 2, z: 1400, hx: 400, hy: 700, power },
];

/** Two long, narrow LED strips down the table: long streaks of highlight on every ball. */
const stripLamps = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].map((fx) => ({ x: t.width * fx, y: t.length / 2, z: 1050, hx: 40, hy: t.length * 0.45, power }));

/** One large lamp hung low beside a long side: the light falls off across the bed. */
const sideLamp = (t: Table, power: number): AltLamp[] => [
  { x: -t.width * 0.15, y: t.length / 2, z: 900, hx: 250, hy: t.length * 0.4, power: power * 1.6 },
];

/** Two wide bars of light across the table. */
const barLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.35, 0.65], { z: 1000, hx: t.width * 0.45, hy: 60 });

/** Three small shaded pendants hung low down the middle: hot pools of light, the bed dark between. */
const pendantLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.25, 0.5, 0.75], { z: 700, hx: 90, hy: 90 });

/** A ring light round the camera lens: light from straight above, a highlight at every ball's top. */
const ringLamp = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2, y: t.length / 2, z: 2600, hx: 150, hy: 150, power },
];

/**
 * Eighteen small LED downlights (10 cm) in a low ceiling, three rows of six: light from many sides
 * (many faint, sharp shadows round a ball) and many small, bright highlights on every ball.
 */
const spotLamps = (t: Table, power: number): AltLamp[] =>
  [1, 3, 5, 7, 9, 11].flatMap((k) =>
    [0.15, 0.5, 0.85].map((fx) => ({
      x: t.width * fx,
      y: (t.length * k) / 12,
      z: 1600,
      hx: 50,
      hy: 50,
      power,
      glare: 30,
    })),
  );

/** Four bare fluorescent tubes (4 ft) across the table: a thin bright streak across every ball. */
const tubeLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.2, 0.4, 0.6, 0.8], { z: 1300, hx: 610, hy: 13, glare: 10 });

/** One great soft skylight far above the whole table: light from everywhere above, next to no shadow. */
const skyLight = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2, y: t.length / 2, z: 3000, hx: t.width, hy: t.length * 0.8, power },
];

/** Eight small bare lamps in two rows of four over the long sides: hard shadows across, two highlights a ball. */
const eightLamps = (t: Table, power: number): AltLamp[] =>
  [0.125, 0.375, 0.625, 0.875].flatMap((fy) =>
    [-0.05, 1.05].map((fx) => ({
      x: t.width * fx,
      y: t.length * fy,
      z: 1100,
      hx: 40,
      hy: 40,
      power,
      glare: 8,
    })),
  );

/** A billiard hall's single cluster of three small lamps hung low over the middle: one hot pool of light. */
const clusterLamps = (t: Table, power: number): AltLamp[] =>
  [-1, 0, 1].map((k) => ({
    x: t.width / 2 + 120 * k,
    y: t.length / 2 + (k === 0 ? 110 : -60),
    z: 750,
    hx: 70,
    hy: 70,
    power,
    glare: 4,
  }));

/** Four square LED panels (60 cm) in a row down the middle: bright, even light, a square highlight a panel. */
const panelLamps = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.15, 0.38, 0.62, 0.85], { z: 1200, hx: 300, hy: 300, glare: 2 });

/** A bow of six small lamps curving over the middle and one end of the table: the other end in their falloff. */
const arcLamps = (t: Table, power: number): AltLamp[] =>
  [-75, -45, -15, 15, 45, 75].map((deg) => ({
    x: t.width / 2 + 700 * Math.sin((deg * Math.PI) / 180),
    y: t.length * 0.6 - 600 * Math.cos((deg * Math.PI) / 180),
    z: 1000,
    hx: 90,
    hy: 90,
    power,
    glare: 3,
  }));

/** Daylight from a tall window beside one long side, low and broad, and a weak lamp overhead. */
const windowLight = (t: Table, power: number): AltLamp[] => [
  { x: -t.width * 0.6, y: t.length / 2, z: 1200, hx: 300, hy: t.length * 0.5, power: power * 2.2 },
  ...twoLamps(t, power * 0.35),
];

/** Five small lamps in a line slanting across the table from near one corner to near the other. */
const diagonalLamps = (t: Table, power: number): AltLamp[] =>
  [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => ({
    x: t.width * (0.15 + 0.7 * f),
    y: t.length * (0.1 + 0.8 * f),
    z: 900,
    hx: 110,
    hy: 110,
    power,
    glare: 3,
  }));

/** Two ceiling tracks of eight small spots each, high over the table's long sides. */
const trackLamps = (t: Table, power: number): AltLamp[] =>
  [-0.1, 1.1].flatMap((fx) =>
    Array.from({ length: 8 }, (_, k) => ({
      x: t.width * fx,
      y: t.length * (0.06 + (0.88 * k) / 7),
      z: 1700,
      hx: 40,
      hy: 40,
      power: power / 3,
      glare: 5,
    })),
  );

/** One strong lamp hung low beyond a corner of the table, and a weak one high over the middle. */
const cornerLamp = (t: Table, power: number): AltLamp[] => [
  { x: -t.width * 0.12, y: -t.length * 0.04, z: 1000, hx: 250, hy: 250, power: power * 1.3, glare: 4 },
  { x: t.width / 2, y: t.length / 2, z: 2400, hx: 300, hy: 300, power: power * 0.25 },
];

/** Eight small lamps around the table beyond its cushions: three along each long side, one at each end. */
const perimeterLamps = (t: Table, power: number): AltLamp[] => [
  ...[0.2, 0.5, 0.8].flatMap((fy) =>
    [-0.18, 1.18].map((fx) => ({
      x: t.width * fx,
      y: t.length * fy,
      z: 1000,
      hx: 70,
      hy: 70,
      power: power / 2,
    })),
  ),
  ...[-0.08, 1.08].map((fy) => ({
    x: t.width / 2,
    y: t.length * fy,
    z: 1000,
    hx: 70,
    hy: 70,
    power: power / 2,
  })),
];

/** Two long oval lamps hung high, off to one long side of the table. */
const twinOffside = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].map((fy) => ({
    x: t.width * 0.2,
    y: t.length * fy,
    z: 1500,
    hx: 120,
    hy: 420,
    power: power * 1.2,
  }));

/** Two lamps hung beyond one end of the table, nothing over it: light down its length. */
const endLamps = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].map((fx) => ({
    x: t.width * fx,
    y: -t.length * 0.06,
    z: 1000,
    hx: 150,
    hy: 150,
    power: power * 1.1,
    glare: 3,
  }));

/**
 * Two long LED strips above the cushions of both long sides, hung fairly high: even light, two streaks
 * a ball. Each strip is eight lengths laid end to end (their highlights' soft edges add up to one
 * streak): one strip's length as a single lamp gave every ball a penumbra wider than the renderer's
 * shadow reach (4 radii), a disc-edged halo on the light cloth. A length has an eighth of a strip's
 * power from an eighth of its area, as bright a square mm: eight times the glare (3) a whole strip's
 * mirror image would be given.
 */
const sideStrips = (t: Table, power: number): AltLamp[] =>
  [-0.03, 1.03].flatMap((fx) =>
    inLengths(t, power, t.width * fx, 0.04, 0.92, { z: 1300, hx: 25, glare: 24 }),
  );

/**
 * A lamp `span` of the table's length long, from `from` of it, at x, drawn as lengths end to end (see
 * sideStrips; eight, or `slant.count`): each its share of the power, `lamp`'s glare being a length's.
 * A lamp slanting across the table moves `slant.drift` mm across over its span, its middle at x: a
 * staircase of lengths whose corners meet where `lamp.hx` is half a length's step across.
 */
const inLengths = (
  t: Table,
  power: number,
  x: number,
  from: number,
  span: number,
  lamp: Pick<AltLamp, 'z' | 'hx' | 'glare' | 'colour'>,
  slant: { readonly drift: number; readonly count: number } = { drift: 0, count: 8 },
): AltLamp[] =>
  Array.from({ length: slant.count }, (_, k) => ({
    x: x + slant.drift * ((k + 0.5) / slant.count - 0.5),
    y: t.length * (from + (span * (k + 0.5)) / slant.count),
    z: lamp.z,
    hx: lamp.hx,
    hy: (t.length * (span / 2)) / slant.count,
    power: power / slant.count,
    glare: lamp.glare,
    ...(lamp.colour === undefined ? {} : { colour: lamp.colour }),
  }));

/**
 * `count` small square lamps (`half` mm their half-width) set evenly round an ellipse over the middle
 * of the bed (or over the bed's middle line at `y` mm along it), `across` and `along` mm its
 * half-axes, `z` mm up, sharing `power`.
 */
const lampRing = (
  t: Table,
  power: number,
  r: { count: number; across: number; along: number; z: number; half: number; glare: number; y?: number },
): AltLamp[] =>
  Array.from({ length: r.count }, (_, k) => ({
    x: t.width / 2 + r.across * Math.cos((2 * Math.PI * k) / r.count),
    y: (r.y ?? t.length / 2) + r.along * Math.sin((2 * Math.PI * k) / r.count),
    z: r.z,
    hx: r.half,
    hy: r.half,
    power: power / r.count,
    glare: r.glare,
  }));

/**
 * A ring of eight small LEDs (a 180 mm radius) round the camera's lens, 2.8 m over the middle of the
 * bed (calibration/demo.json's camera): light from the camera's own direction, no shadow it can see.
 */
const lensRing = (t: Table, power: number): AltLamp[] =>
  lampRing(t, power, { count: 8, across: 180, along: 180, z: 2750, half: 20, glare: 4 });

/**
 * Daylight through a skylight high in the ceiling (3.4 m), a grid of eight panes (56 × 64 cm, two
 * across, four along) between 10 cm mullions, centred a little towards one end of the bed: soft light,
 * that end brighter, the grid's mirror image a small bright bar on every ball (a few pixels long at 4K,
 * the mullions too fine to see). A pane has an eighth of the light; its glare (6) makes its mirror
 * image about as bright as tangerine-sky's one great skylight's (glare 1 at 3 m, the whole power): the
 * same daylight, as bright a square mm.
 */
const skylightGrid = (t: Table, power: number): AltLamp[] =>
  [-0.5, 0.5].flatMap((i) =>
    [-1.5, -0.5, 0.5, 1.5].map((j) => ({
      x: t.width / 2 + 330 * i,
      y: t.length * 0.42 + 740 * j,
      z: 3400,
      hx: 280,
      hy: 320,
      power: power / 8,
      glare: 6,
    })),
  );

/**
 * A single long bar lamp (2.9 m, tungsten tubes behind a narrow diffuser) hung low (0.95 m) down the
 * table over one long side's third: one long streak of highlight on every ball, the far side of the
 * bed in its falloff (a quarter of the middle's light at its cushion, a tenth at its corners). Drawn as
 * eight lengths end to end, as sideStrips is (one lamp that long would give a penumbra wider than the
 * renderer's shadow reach): a length has an eighth of the power and eight times the glare (2) the
 * whole bar's mirror image would have.
 */
const offsideBar = (t: Table, power: number): AltLamp[] =>
  inLengths(t, power, t.width * 0.3, 0.1, 0.8, { z: 950, hx: 40, glare: 16 });

/**
 * Four small spotlights set in the ceiling (2.4 m) in a square 1.4 m a side over the middle of the
 * bed, each beam a pool of light 1.4 m across with a soft edge (30 cm), the four pools meeting under
 * the square's middle: the whole width lit (0.95 to 1.16 of the middle's light), the last half metre
 * of either end in the beams' spill (0.4 of the middle's light 30 cm from the end cushion, 0.2 at
 * it); four sharp shadows round every ball and four small dots of highlight in a square. The middle
 * lies on every beam's edge (0.36 of each lamp's light there): the exposure, set there, makes the
 * lamps' mirror images 2.8 times as bright as unshaded lamps' would be, as bright as a spot's small
 * lens is, without glare.
 */
const ceilingBeams = (t: Table, power: number): AltLamp[] =>
  [-1, 1].flatMap((i) =>
    [-1, 1].map((j) => ({
      x: t.width / 2 + 700 * i,
      y: t.length / 2 + 700 * j,
      z: 2400,
      hx: 40,
      hy: 40,
      power,
      shade: { hx: 700, hy: 700, edge: 300, spill: 0.15 },
    })),
  );

/**
 * A room lit by four uplighters (torchieres), one off each corner of the table a metre beyond the
 * long cushions, each lighting a broad pool (1.2 m across) on a white ceiling 2.5 m up: no lamp over
 * the table, only light bounced from four sides, very even on the bed (0.88 to 1.10 of the middle's
 * light), four soft shadows pointing out from every ball. A pool's light is spread over 3.6 times the
 * area of twoLamps' diffuser (52 × 76 cm), and a white ceiling returns nine tenths of it: glare 0.25
 * (0.9 / 3.6), faint highlights.
 */
const uplighters = (t: Table, power: number): AltLamp[] =>
  [-0.55, 1.55].flatMap((fx) =>
    [0.1, 0.9].map((fy) => ({
      x: t.width * fx,
      y: t.length * fy,
      z: 2500,
      hx: 600,
      hy: 600,
      power,
      glare: 0.25,
    })),
  );

/**
 * An oval chandelier (0.7 m across, 1.8 m along the table) of twelve frosted globe bulbs (8 cm) hung
 * 1.3 m over the middle of the bed: twelve sharp shadows fanned round every ball, a ring of twelve
 * small dots of highlight on its top, the ends of the bed in the bulbs' falloff (0.28 of the middle's
 * light at the middle of an end cushion, 0.19 in its corners). A bulb has a sixtieth of the area of
 * twoLamps' diffuser (52 × 76 cm): glare 60, a bare bulb's mirror image as bright a square mm.
 */
const chandelier = (t: Table, power: number): AltLamp[] =>
  lampRing(t, power, { count: 12, across: 350, along: 900, z: 1300, half: 40, glare: 60 });

/**
 * A canopy of thirty-two small square LED panels (20 cm) in a grid four across and eight along, hung
 * 1 m over the whole bed and 20 cm beyond its cushions: many soft shadows round every ball, a grid of
 * small square dots of highlight on its top, the light falling off only towards the cushions (0.73 of
 * the middle's light at a long cushion's middle, 0.65 at an end cushion's, 0.47 in the corners). Hung
 * at 1 m rather than lower: at 0.75 m the far panels' shadows reached past the renderer's shadow reach
 * (4 radii), a disc-edged halo round every ball on the light cloth (1.2 % of the light missing just
 * beyond it round a ball mid-table; 0.3 % at 1 m, what twoLamps leave round a ball a quarter of the
 * way in from a corner). A panel has a tenth of the area of twoLamps' diffuser: glare 10.
 */
const ledGrid = (t: Table, power: number): AltLamp[] =>
  [0, 1, 2, 3].flatMap((i) =>
    Array.from({ length: 8 }, (_, k) => ({
      x: -200 + ((t.width + 400) * (i + 0.5)) / 4,
      y: -200 + ((t.length + 400) * (k + 0.5)) / 8,
      z: 1000,
      hx: 100,
      hy: 100,
      power: power / 32,
      glare: 10,
    })),
  );

/**
 * Colours of light (linear RGB multipliers of a lamp's power) seen by a camera whose white balance lies
 * between them: blackbody light at 6500 K (daylight through a window) and 3000 K (tungsten bulbs)
 * against a 4300 K balance (CIE 1931 observer, sRGB primaries, green 1).
 */
const DAYLIGHT = [0.75, 1, 1.63] as const;
const TUNGSTEN = [1.45, 1, 0.5] as const;
/** A cool-white LED's 6000 K against the same 4300 K balance (a warm-white one's 3000 K is TUNGSTEN's). */
const COOL_LED = [0.78, 1, 1.51] as const;

/**
 * Two LED panels as twoLamps hangs them, of different whites: a warm-white (3000 K) one over the
 * baulk half and a cool-white (6000 K) one over the top half, a fitting's replacement panel not
 * matching the one it hangs beside.
 */
const mixedWhiteLeds = (t: Table, power: number): AltLamp[] => [
  ...downTheTable(t, power, [0.3], { z: 1100, hx: 260, hy: 380, colour: TUNGSTEN }),
  ...downTheTable(t, power, [0.7], { z: 1100, hx: 260, hy: 380, colour: COOL_LED }),
];

/**
 * Mixed light: daylight from a tall window beside one long side, low and broad (petrol-window's, 1.2 m
 * up and 1.1 m off the cushion), and two warm tungsten pendants hung 1.4 m over the far half of the
 * bed. The colour of the light turns across the bed (relative to the middle's green: 1.25/1.39/1.93 at
 * the window's cushion's middle, 1.23/1.00/0.86 mid-table, 1.01/0.75/0.50 at the far cushion's);
 * every ball has a warm shadow away from the window and two cool ones away from the bulbs. The window
 * is drawn as `lengths` lengths (see sideStrips; glare `lengths`, as bright a square mm as the whole
 * window at 1) so that its shadows point across the table from anywhere along it: eight
 * (pearl-window's), or four, the same light on the bed with its shadows from four places along the
 * window (magenta-awb's, whose frames it keeps as quick as held-out 44's).
 */
const windowAndBulbs = (t: Table, power: number, lengths = 8): AltLamp[] => [
  ...inLengths(
    t,
    power * 2,
    -t.width * 0.6,
    0,
    1,
    { z: 1200, hx: 300, glare: lengths, colour: DAYLIGHT },
    { drift: 0, count: lengths },
  ),
  ...downTheTable(t, power * 0.35, [0.25, 0.75], {
    x: t.width * 0.72,
    z: 1400,
    hx: 90,
    hy: 90,
    colour: TUNGSTEN,
  }),
];

/**
 * Two long fluorescent battens (3 m, a 9 cm opal diffuser) crossing in an X 1.2 m over the middle of
 * the bed, each along one of its diagonals from an eighth of the way in: two long soft shadows
 * crossing under every ball, an X of highlight on its top; 0.67 of the middle's light under a batten
 * a quarter of the bed's length and width in, 0.53 at a long cushion's middle, 0.29 at an end
 * cushion's, 0.22 in the corners. Drawn as sixteen lengths a batten, each a sixteenth of its power: glare 24 a length,
 * 1.5 a whole batten (a diffuser, less bright a square mm than tubeLamps' bare tubes at 10).
 */
const crossedBattens = (t: Table, power: number): AltLamp[] =>
  [1, -1].flatMap((way) =>
    inLengths(
      t,
      power / 2,
      t.width / 2,
      0.12,
      0.76,
      { z: 1200, hx: 42, glare: 24 },
      { drift: way * t.width * 0.76, count: 16 },
    ),
  );

/**
 * A sports hall's metal-halide high-bays (36 cm reflectors), 7 m up on the hall's grid, 5 m across and
 * 6 m along, which the table does not line up with: no lamp over the bed, the nearest 1.5 m across
 * and 2 m along from its middle; the nine nearest light it. Very even light (0.93 to 1.04 of the
 * middle's over the whole bed), from 34 to 70 degrees up seen from the middle: nine sharp, short
 * shadows round every ball (within the renderer's 4 radii: drawn to 16, no pixel changed) and nine
 * small hot dots of highlight off its top. A reflector has a third of the area of twoLamps' diffuser:
 * glare 3, as bright a square mm for its power.
 */
const hallHighBays = (t: Table, power: number): AltLamp[] =>
  [-3500, 1500, 6500].flatMap((across) =>
    [-8000, -2000, 4000].map((along) => ({
      x: t.width / 2 + across,
      y: t.length / 2 + along,
      z: 7000,
      hx: 180,
      hy: 180,
      power,
      glare: 3,
    })),
  );

/**
 * Colours of stage wash lights (RGB LEDs, linear RGB multipliers of a lamp's power): blue (its blue
 * LEDs alone, a 460 nm light, with no red or green in sRGB to speak of) and magenta (its red and blue
 * LEDs).
 */
const BLUE_WASH = [0.02, 0.05, 1] as const;
const MAGENTA_WASH = [1, 0.02, 0.9] as const;

/**
 * A streamed event's light in a dark arena: four floods (20 cm fresnel lenses) at the corners of a
 * truss 4 m up, each 0.35 m beyond a corner of the bed both ways, and two stage wash lights (30 cm) on
 * stands 2.5 m beyond the ends, 2 m up, blue at one end, magenta at the other. The floods' light is
 * even (its green 0.96 to 1.02 of the middle's over the bed), four sharp shadows crossing under every
 * ball, four dots of highlight towards its corners; the washes tint the bed towards their ends
 * (relative to the middle's green: 1.06/1.00/1.11 mid-table, 1.03/1.02/1.31 at the blue end's
 * cushion, 1.29/1.01/1.28 at the magenta end's) and every ball's side towards them, a coloured dot of
 * highlight on its rim. A flood's lens has a tenth of the area of twoLamps' diffuser and throws its
 * beam at the table: glare 30; a wash's lens a quarter: glare 4.
 */
const stageTruss = (t: Table, power: number): AltLamp[] => [
  ...[-350, t.width + 350].flatMap((x) =>
    [-350, t.length + 350].map((y) => ({ x, y, z: 4000, hx: 100, hy: 100, power, glare: 30 })),
  ),
  ...[
    { y: -2500, colour: BLUE_WASH },
    { y: t.length + 2500, colour: MAGENTA_WASH },
  ].map(({ y, colour }) => ({ x: t.width / 2, y, z: 2000, hx: 150, hy: 150, power, glare: 4, colour })),
];

/**
 * Colours of daylight seen by a camera balanced for daylight (5500 K; CIE 1931 observer, sRGB primaries,
 * green 1): the sun's direct light, 40 degrees up on a clear afternoon (5000 K), and the blue sky's
 * (10 000 K).
 */
const SUN = [1.07, 1, 0.89] as const;
const SKY = [0.75, 1, 1.62] as const;

/**
 * The sun `up` radians above the horizon, towards (dx, dy) (a unit vector on the table's plane) from the
 * bed's middle: a lamp 150 m off as wide as its disc (half a degree), glare 0.2, its power such that it
 * lights the bed as a lamp of `power` 1 mm over it would (a lamp facing down: its light times the sine
 * of its height twice).
 */
const sunLamp = (
  t: Table,
  power: number,
  up: number,
  dx: number,
  dy: number,
  colour: readonly [number, number, number],
): AltLamp => {
  const far = 150_000;
  return {
    x: t.width / 2 + far * Math.cos(up) * dx,
    y: t.length / 2 + far * Math.cos(up) * dy,
    z: far * Math.sin(up),
    hx: 700,
    hy: 700,
    power: (power * far * far) / Math.sin(up) ** 2,
    glare: 0.2,
    colour,
  };
};

/**
 * A games room in a conservatory on a clear afternoon: the sun through its glass roof, 40 degrees up,
 * 35 degrees round from behind one end towards one long side, drawn as a lamp 150 m off as wide as the
 * sun's disc (half a degree), and the sky through the roof, a broad soft light 2 m over the bed (5 by
 * 6 m of glass), a fifth as much light on the bed as the sun's. Every ball casts one hard shadow, all
 * pointing the same way (parallel light, 2.75 radii long from under its centre: within the renderer's
 * 4), lit by the sky alone; the bed's light even (0.87 of the middle's in the corners, where the sky's is a
 * quarter of its own there). The sun's mirror image on a
 * ball is a glint a tenth of a mm across, brighter than any lamp's: glare 0.2 (twoLamps' diffuser's
 * area over the disc's at that distance, 1.4 m square), as bright a square mm as its power makes it;
 * the sky's 0.013 (its 30 square m).
 */
const conservatorySun = (t: Table, power: number): AltLamp[] => {
  const up = (40 * Math.PI) / 180;
  const round = (35 * Math.PI) / 180;
  return [
    sunLamp(t, power, up, -Math.sin(round), -Math.cos(round), SUN),
    {
      x: t.width / 2,
      y: t.length / 2,
      z: 2000,
      hx: 2500,
      hy: 3000,
      power: 0.2 * power * 2000 * 2000,
      glare: 0.013,
      colour: SKY,
    },
  ];
};

/**
 * A basement games room's single bare bulb (a 60 mm frosted globe), hung on its flex from the room's
 * ceiling rose, which is not over the table's middle: 1.5 m over the bed, 0.35 m across towards one
 * long side and 0.5 m along towards one end. Its light goes out all round (AltLamp.bare) and falls off
 * with the distance: 1.26 times the middle's under it, 0.34 in the near corners, 0.20 at the far end
 * cushion's middle and 0.16 in its far corner, before the room's light (a lamp facing down would
 * give that corner 0.085); one hard short shadow a ball, pointing away from it; one small glint, which a
 * bare bulb's (glare 110: twoLamps' diffuser's area over the globe's) makes the brightest of any
 * lamp's.
 */
const bareBulb = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2 + 350, y: t.length / 2 - 500, z: 1500, hx: 30, hy: 30, power, glare: 110, bare: true },
];

/**
 * A neon tube's light (linear RGB multipliers of its power): the orange-red of its 640 nm line with a
 * little of its 585 nm one.
 */
const NEON_RED = [1, 0.12, 0.02] as const;

/**
 * A bar's five clear filament bulbs (ST64, their filaments in a cage 30 mm across) hung bare on flexes
 * of different lengths down the middle of the table, 1.05 to 1.4 m over the bed, a little off its axis
 * either way, and a red neon sign (an 0.8 m tube, 15 mm thick) on the wall 1.5 m beyond one long
 * cushion, 0.7 m over the bed. Each bulb lights all round (AltLamp.bare): five hard shadows fanned along
 * the table, five tiny hot glints on every ball (glare 440: twoLamps' diffuser's area over the
 * filaments' 30 mm square). The sign, with half a bulb's power, adds a hundredth of the light on the
 * bed but lights the sides of the balls turned to it (a red rim, a red streak of highlight: glare 25,
 * the diffuser's area over the tube's).
 */
const filamentBar = (t: Table, power: number): AltLamp[] => [
  ...[
    { f: 0.14, x: -80, z: 1050 },
    { f: 0.32, x: 60, z: 1300 },
    { f: 0.5, x: -40, z: 1150 },
    { f: 0.68, x: 90, z: 1400 },
    { f: 0.86, x: -60, z: 1200 },
  ].map(({ f, x, z }) => ({
    x: t.width / 2 + x,
    y: t.length * f,
    z,
    hx: 15,
    hy: 15,
    power,
    glare: 440,
    bare: true,
  })),
  {
    x: -1500,
    y: t.length / 2,
    z: 700,
    hx: 8,
    hy: 400,
    power: power / 2,
    glare: 25,
    bare: true,
    colour: NEON_RED,
  },
];

/** An RGB LED strip set to ice blue: its green and blue LEDs (linear RGB multipliers of its power). */
const ICE_BLUE = [0.02, 0.55, 1] as const;

/**
 * A home games room's lights: a slim LED bar lamp (2.4 m by 0.2 m, an opal diffuser) hung 1 m over
 * the middle of the bed along the table, and the room's RGB LED strip in a ceiling cove round its
 * walls, set to ice blue: its light thrown up onto a band of the ceiling (0.6 m wide) 1.55 m over the
 * bed, 1.4 m beyond the cushions all round; the strip's 20 m have eight times the bar's power. The cove
 * gives 0.14 of the bed's middle's green, 0.37 at a long cushion's middle, 0.50 at an end cushion's and
 * 0.70 in the corners (the bed's light there 0.51, 0.36 and 0.32 of the middle's in green, its red
 * 0.33, 0.19 and 0.11): shadows, flanks, ends and corners cyan-blue. The bar is drawn as eight
 * lengths, the cove's long sides as eight and its ends as three (see sideStrips). A cove length's light
 * is the ceiling's bounce, spread over about its 0.5 square m: glare 0.7; a bar's length 9 (its eighth
 * of the diffuser's area).
 */
const barAndCove = (t: Table, power: number): AltLamp[] => {
  const out = 1400;
  const band = 300;
  const cove = { z: 1550, glare: 0.7, colour: ICE_BLUE };
  const sides = [-out, t.width + out].flatMap((x) =>
    Array.from({ length: 8 }, (_, k) => ({
      ...cove,
      x,
      y: -out + ((t.length + 2 * out) * (k + 0.5)) / 8,
      hx: band,
      hy: (t.length + 2 * out) / 16,
      power: (8 * power) / 22,
    })),
  );
  const ends = [-out, t.length + out].flatMap((y) =>
    Array.from({ length: 3 }, (_, k) => ({
      ...cove,
      x: -out + band + ((t.width + 2 * out - 2 * band) * (k + 0.5)) / 3,
      y,
      hx: (t.width + 2 * out - 2 * band) / 6,
      hy: band,
      power: (8 * power) / 22,
    })),
  );
  return [
    ...inLengths(t, power, t.width / 2, 0.5 - 1200 / t.length, 2400 / t.length, {
      z: 1000,
      hx: 100,
      glare: 9,
    }),
    ...sides,
    ...ends,
  ];
};

/**
 * Colours of light seen by a camera balanced for daylight (5500 K): a low afternoon sun's (4500 K) and a
 * warm ceiling light's (2700 K). From a blackbody fit's sRGB, scaled by its ratio to SUN's CIE values at
 * 5000 K (the fit's red 3 % high, its blue 4 % low there).
 */
const LOW_SUN = [1.19, 1, 0.8] as const;
const WARM_ROOM = [2.1, 1, 0.28] as const;

/**
 * A clubroom on a sunny late afternoon: the sun 22 degrees up through a window's venetian blind, in a
 * wall beside one long side that runs at 15 degrees to the table (0.8 m from the nearest corner of the
 * bed, 1.7 m from the other end's), the sun 35 degrees round from square to the window towards the
 * near end; and a warm ceiling light (a 60 cm fitting, 1.5 m over the middle) giving the bed 0.15 of
 * the sun's light. The sun is drawn as conservatorySun's is (a lamp 150 m off as wide as its disc,
 * glare 0.2); its shadows are long and parallel (2.5 radii from under a ball to the middle of its
 * shadow, 5.1 to its tip). The blind (50 mm slats at a 44 mm pitch, tilted to pass 0.6 of it) stripes
 * its light parallel to the window, 15 degrees to the table's axis: at the sun's 26.3 degrees up in the
 * plane square to the window, a stripe every 89 mm across them on the bed, 54 mm of sun and 36 of
 * shade; a stripe's edge is the sun's disc seen through the blind, 0.22 of a stripe's period wide at
 * the bed's corner nearest the window (crisp), 0.59 at its middle, 0.96 in the far corner (where the
 * stripes all but even out). The shade is lit only by the ceiling light and the room.
 */
const sunThroughBlinds = (t: Table, power: number): AltLamp[] => {
  const up = (22 * Math.PI) / 180;
  const wall = (15 * Math.PI) / 180;
  // The window's normal into the room, and the sun's bearing: 35 degrees round from straight out of
  // the window, towards the near end (y = 0).
  const nx = Math.cos(wall);
  const ny = Math.sin(wall);
  const bearing = Math.PI + wall + (35 * Math.PI) / 180;
  const slats = { x: -800 * nx, y: -800 * ny, nx, ny, pitch: 44, open: 0.6 };
  return [
    { ...sunLamp(t, power, up, Math.cos(bearing), Math.sin(bearing), LOW_SUN), slats },
    {
      x: t.width / 2,
      y: t.length / 2,
      z: 1500,
      hx: 300,
      hy: 300,
      power: 0.15 * power * 1500 * 1500,
      colour: WARM_ROOM,
    },
  ];
};

/**
 * One large square fluorescent panel (1.2 m a side, an opal diffuser) hung 1.6 m over the middle of the
 * bed: a square highlight on every ball's top, soft shadows under them, the ends of the bed in its
 * falloff (0.58 of the middle's light at a long cushion's middle, 0.20 at an end cushion's, 0.15 in the
 * corners, before the room's light). It has 3.6 times the area of twoLamps' diffuser: glare 0.3, as
 * bright a square mm for its power.
 */
const squarePanel = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2, y: t.length / 2, z: 1600, hx: 600, hy: 600, power, glare: 0.3 },
];

/** A warm canopy's light (3000 K tubes; a camera balanced nearer daylight leaves some of their amber). */
const WARM_CANOPY = [1.25, 1, 0.62] as const;

/** A bar's three-lamp canopy (threeLamps' shades, as hung over a tournament table) of warm light. */
const warmCanopy = (t: Table, power: number): AltLamp[] =>
  downTheTable(t, power, [0.2, 0.5, 0.8], { z: 950, hx: 320, hy: 220, colour: WARM_CANOPY });

/**
 * An RGB LED strip's light along a home table's canopy, from one end to the other: magenta-red
 * (its red and blue LEDs), white in the middle, green-cyan (its green and blue LEDs); each pair of
 * ends' colours adds up to a neutral (1.08 in every channel), so the light at the middle of the bed is
 * white, as the webcam's balance takes it.
 */
const RGB_START = [1, 0.08, 0.45] as const;
const RGB_END = [0.08, 1, 0.63] as const;
const rgbAt = (s: number): readonly [number, number, number] => {
  const [end, f] = s < 0.5 ? [RGB_START, 1 - 2 * s] : [RGB_END, 2 * s - 1];
  const mix = (c: 0 | 1 | 2): number => 1 - f + f * end[c];
  return [mix(0), mix(1), mix(2)];
};

/**
 * A home table's canopy (2.8 m by 0.7 m of opal diffuser, 1 m over the bed) lit by an RGB LED strip
 * whose colour runs along it (rgbAt): drawn as sixteen lengths, each of its own colour, so the light on
 * the bed and the balls' highlights (a strip of sixteen steps of hue) change hue along the table. A
 * length (0.12 square m) with an eighth of a lamp's power is as bright a square mm as twoLamps'
 * diffusers (0.40 square m, glare 1) at glare 3.2.
 */
const rgbCanopy = (t: Table, power: number): AltLamp[] =>
  Array.from({ length: 16 }, (_, k) => ({
    x: t.width / 2,
    y: t.length / 2 + 2800 * ((k + 0.5) / 16 - 0.5),
    z: 1000,
    hx: 350,
    hy: 2800 / 32,
    power: power / 8,
    glare: 3.2,
    colour: rgbAt((k + 0.5) / 16),
  }));

/**
 * Two LED halo rings (1 m across) set close under a home games room's low ceiling, 2.25 m over the bed
 * (the camera hung between them, lower), over the table's middle line at 0.28 and 0.72 of its length:
 * each sixteen bright segments (12 cm) round its circle, so every ball shows two rings of small glints
 * and a soft shadow fanned all round it; the ends' cushions get 0.58 of the middle's light, the corners
 * 0.47. A segment (a thirty-second of the power from 0.0144 square m) is as bright a square mm for its
 * power as twoLamps' diffusers (0.395 square m, glare 1) at glare 28.
 */
const haloRings = (t: Table, power: number): AltLamp[] =>
  [0.28, 0.72].flatMap((f) =>
    lampRing(t, power / 2, {
      count: 16,
      across: 500,
      along: 500,
      z: 2250,
      half: 60,
      glare: 28,
      y: t.length * f,
    }),
  );

/**
 * A photographer's softbox (60 cm square) on a light stand beside a camera standing beyond the baulk
 * end, 0.45 m to one side of the table's middle line, 1.2 m beyond the end cushion and 2.4 m over the
 * bed, facing down the table (a lamp lighting all round, as far as the table is concerned: it faces
 * every point of it): light from the camera's side, each ball's shadow pointing away from it, the
 * near end lit more than the far (the inverse square over 2.7 to 5.4 m); and the room's two opal
 * ceiling domes (40 cm, 2.6 m up) over the middle line at 0.4 and 0.85 of the length, towards the
 * far end. The softbox gives 0.37 of the light at the middle of the bed; the bed's light runs from
 * 1.34 of the middle's at the near cushion to 0.63 at the far one (0.54 in its corners).
 */
const softboxAndDomes = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2 - 450, y: -1200, z: 2400, hx: 300, hy: 300, power: 3.3 * power, bare: true },
  ...downTheTable(t, power, [0.4, 0.85], { z: 2600, hx: 200, hy: 200 }),
];

/**
 * A room lit by day: a broad window beyond the far end of the table, 1 m past its cushion, its middle
 * 1.5 m over the bed (four panes side by side across the table's width and beyond, each lighting all
 * round as far as the table is concerned: it faces every point of it), and one weak warm lamp, a
 * tungsten pendant over the near half. Long shadows pointing down the table to the near end; the
 * far end brightest.
 */
const windowBeyondEnd = (t: Table, power: number): AltLamp[] => [
  ...[-0.15, 0.28, 0.72, 1.15].map((fx) => ({
    x: t.width * fx,
    y: t.length + 1800,
    z: 2200,
    hx: t.width * 0.2,
    hy: 60,
    power: power * 2.5,
    bare: true,
    glare: 4,
    colour: DAYLIGHT,
  })),
  ...downTheTable(t, power * 0.25, [0.3], { z: 1300, hx: 100, hy: 100, colour: TUNGSTEN }),
];

/**
 * A pool hall's fluorescent box light: one broad diffuser hung low over the middle, in a shade whose
 * skirt lets the light fall on the bed's middle only — the whole width, but not the last sixth of the
 * length at either end, past a hard edge (3 cm) where the light drops to the skirt's spill.
 */
const boxLight = (t: Table, power: number): AltLamp[] => [
  {
    x: t.width / 2,
    y: t.length / 2,
    z: 1000,
    hx: 300,
    hy: 750,
    power,
    glare: 2,
    shade: { hx: t.width * 0.6, hy: t.length * 0.34, edge: 30, spill: 0.3 },
  },
];

/** A TV rig: twelve broad soft panels hung high over the whole table, four by three: even light, soft shadows. */
const tvLamps = (t: Table, power: number): AltLamp[] =>
  [1, 3, 5, 7].flatMap((k) =>
    [1, 3, 5].map((j) => ({
      x: (t.width * j) / 6,
      y: (t.length * k) / 8,
      z: 2000,
      hx: 250,
      hy: 250,
      power,
    })),
  );

/** Another maker's set: an orange-brown brown, a lighter, bluer green, a deeper pink. */
const OTHER_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [238, 232, 212],
  red: [196, 30, 22],
  yellow: [246, 188, 26],
  green: [16, 96, 88],
  brown: [150, 76, 30],
  blue: [26, 74, 188],
  pink: [218, 100, 134],
  black: [16, 16, 18],
};

/** An old set faded by years of light: every colour paler and greyer, the black grey, the cue yellowed. */
const FADED_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [226, 220, 196],
  red: [166, 42, 44],
  yellow: [228, 200, 84],
  green: [40, 94, 78],
  brown: [118, 62, 42],
  blue: [52, 84, 158],
  pink: [226, 152, 170],
  black: [34, 34, 36],
};

/** Yet another maker's set: a very dark brown close to the black, a salmon pink close to the red. */
const DARK_BROWN_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [244, 242, 236],
  red: [178, 22, 30],
  yellow: [250, 214, 40],
  green: [12, 88, 56],
  brown: [72, 40, 26],
  blue: [20, 66, 170],
  pink: [222, 96, 104],
  black: [18, 16, 16],
};

/** A fourth maker's set: an orange-yellow yellow, a yellow-green green, a light blue, a brown near the red. */
const FOURTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 236, 226],
  red: [200, 26, 26],
  yellow: [250, 170, 20],
  green: [40, 120, 40],
  brown: [140, 54, 30],
  blue: [40, 110, 210],
  pink: [236, 120, 150],
  black: [14, 14, 16],
};

/** A fifth maker's set: a pale lemon yellow, a bright green, a violet blue, a coral pink, a red-brown. */
const FIFTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [236, 238, 240],
  red: [186, 20, 40],
  yellow: [240, 226, 90],
  green: [20, 140, 70],
  brown: [120, 44, 24],
  blue: [60, 60, 190],
  pink: [240, 128, 112],
  black: [20, 18, 22],
};

/** A sixth maker's set: a creamy cue ball, a dark red, a blue-green green, a pale pink. */
const SIXTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [246, 240, 222],
  red: [160, 16, 24],
  yellow: [236, 196, 30],
  green: [16, 110, 80],
  brown: [98, 58, 30],
  blue: [26, 92, 160],
  pink: [250, 150, 170],
  black: [24, 22, 20],
};

/** A seventh maker's set: a bright orange-red red, a deep royal blue, a salmon-rose pink. */
const SEVENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [242, 240, 232],
  red: [206, 40, 18],
  yellow: [248, 204, 22],
  green: [24, 124, 60],
  brown: [116, 66, 34],
  blue: [18, 48, 168],
  pink: [236, 128, 132],
  black: [16, 16, 20],
};

/** An eighth maker's set, highly polished: a maroon red, an olive green, a chocolate brown, a sky blue, a coral pink. */
const EIGHTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 248, 240],
  red: [150, 24, 36],
  yellow: [236, 212, 60],
  green: [70, 110, 40],
  brown: [84, 48, 30],
  blue: [60, 120, 210],
  pink: [240, 120, 100],
  black: [22, 20, 24],
};

/** A ninth maker's set: a cherry red, a pale pink near a rose cloth, a sea-green green. */
const NINTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 238, 230],
  red: [176, 14, 30],
  yellow: [244, 200, 44],
  green: [20, 116, 92],
  brown: [110, 62, 36],
  blue: [32, 84, 184],
  pink: [238, 150, 160],
  black: [18, 18, 20],
};

/** A tenth maker's highly polished set: a dark cherry red, a chocolate brown, a navy blue, a bright lemon yellow. */
const TENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [244, 244, 240],
  red: [140, 10, 44],
  yellow: [252, 232, 56],
  green: [18, 128, 60],
  brown: [92, 52, 42],
  blue: [22, 38, 116],
  pink: [244, 138, 176],
  black: [20, 20, 24],
};

/**
 * An eleventh maker's set: a raspberry red, a caramel brown (lighter than any set's so far), a jade
 * green, a cerulean blue, a hot magenta pink, a bluish white cue ball.
 */
const ELEVENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 242, 246],
  red: [184, 24, 62],
  yellow: [248, 214, 46],
  green: [28, 130, 94],
  brown: [156, 100, 58],
  blue: [16, 116, 178],
  pink: [228, 94, 164],
  black: [16, 16, 18],
};

/**
 * A twelfth maker's set: a vermilion red, a sand-tan brown (lighter still than the eleventh's caramel),
 * a teal green, a mid blue, a peach pink, an ivory cue ball.
 */
const TWELFTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [242, 236, 216],
  red: [214, 56, 30],
  yellow: [244, 198, 40],
  green: [14, 116, 106],
  brown: [164, 118, 74],
  blue: [38, 96, 178],
  pink: [244, 162, 132],
  black: [18, 18, 20],
};

/**
 * A thirteenth maker's set: a bright scarlet red (the lightest pure red so far), a greenish lemon
 * yellow, a grass green, a walnut brown, an ultramarine blue, a baby pink (the palest so far), a
 * blue-black black, a creamy cue ball (the yellowest so far).
 */
const THIRTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [238, 228, 200],
  red: [226, 30, 40],
  yellow: [234, 222, 24],
  green: [36, 148, 48],
  brown: [128, 84, 50],
  blue: [28, 44, 204],
  pink: [246, 176, 192],
  black: [10, 12, 22],
};

/**
 * A fourteenth maker's set: a deep orange-red red, a golden yellow, a bottle green, a chocolate brown, a
 * petrol blue, a coral pink, a warm white cue ball.
 */
const FOURTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 242, 232],
  red: [182, 44, 16],
  yellow: [230, 176, 34],
  green: [14, 82, 48],
  brown: [100, 58, 40],
  blue: [22, 88, 118],
  pink: [246, 142, 122],
  black: [16, 14, 16],
};

/**
 * A fifteenth maker's set: an oxblood red (the darkest red so far), a primrose yellow (the palest), a
 * spring green and an azure blue (the lightest), a mocha brown (a greyish brown), an orchid pink (a
 * lilac-leaning pink), a brown-black black, a cool white cue ball.
 */
const FIFTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [248, 250, 252],
  red: [110, 14, 20],
  yellow: [246, 226, 120],
  green: [40, 170, 110],
  brown: [110, 84, 70],
  blue: [40, 146, 224],
  pink: [224, 140, 204],
  black: [24, 18, 14],
};

/**
 * A sixteenth maker's set: a coral red (the lightest red so far), an amber yellow (the orangest), a
 * sea-foam green (a light blue-green), a hazel brown (the yellowest), a violet blue (the reddest), a
 * candy pink (a light lilac pink), a greenish black, a cool white cue ball.
 */
const SIXTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [244, 246, 240],
  red: [226, 64, 60],
  yellow: [236, 150, 24],
  green: [60, 156, 136],
  brown: [124, 98, 44],
  blue: [84, 56, 170],
  pink: [252, 168, 222],
  black: [20, 22, 20],
};

/**
 * A seventeenth maker's set: a cerise red (the bluest red so far), a butter yellow (a pale warm
 * yellow), a leaf green (the yellowest), a ginger brown (an orange tan), a steel blue (the greyest), a
 * lavender pink (the bluest pink), an aubergine black, a pinkish white cue ball.
 */
const SEVENTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 236, 232],
  red: [204, 24, 92],
  yellow: [250, 236, 150],
  green: [110, 160, 40],
  brown: [180, 110, 50],
  blue: [70, 100, 140],
  pink: [220, 170, 230],
  black: [28, 16, 26],
};

/**
 * An eighteenth maker's set: a brick red, a mustard-gold yellow, an olive green, a tan brown (the
 * lightest so far), a cyan blue, a dusty salmon pink, a jet black, an off-white cue ball.
 */
const EIGHTEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [228, 226, 214],
  red: [170, 70, 50],
  yellow: [196, 160, 40],
  green: [120, 130, 50],
  brown: [196, 160, 120],
  blue: [30, 150, 190],
  pink: [214, 124, 112],
  black: [5, 5, 6],
};

/**
 * A nineteenth maker's set (a home table's): a raspberry red, a lime-lemon yellow, a grey sage green, a
 * dark chestnut brown, an indigo blue, a peach pink, a black, a warm white cue ball.
 */
const NINETEENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 246, 236],
  red: [216, 40, 72],
  yellow: [224, 228, 112],
  green: [68, 120, 100],
  brown: [92, 36, 22],
  blue: [56, 52, 144],
  pink: [236, 168, 152],
  black: [16, 14, 20],
};

/**
 * A twentieth maker's set: a coral-orange red (the orangest and lightest red so far), an apricot
 * yellow, a fern green, an oxblood brown (the darkest, reddest brown), a cornflower blue (a light
 * violet blue), an orchid pink (a raspberry pink towards violet), a green-black black, an ivory cue ball.
 */
const TWENTIETH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [246, 244, 232],
  red: [244, 100, 60],
  yellow: [250, 190, 90],
  green: [50, 100, 50],
  brown: [80, 30, 30],
  blue: [100, 110, 210],
  pink: [200, 90, 150],
  black: [14, 16, 14],
};

/**
 * A twenty-first maker's set: a cherry-crimson red, a citron yellow (a greenish lemon), a light emerald
 * green, a bronze-umber brown, a bright azure-royal blue, a mauve pink, a blue-black black, a cool
 * white cue ball.
 */
const TWENTY_FIRST_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 244, 240],
  red: [220, 8, 56],
  yellow: [214, 214, 50],
  green: [54, 166, 86],
  brown: [96, 62, 12],
  blue: [28, 90, 220],
  pink: [212, 130, 174],
  black: [18, 20, 26],
};

/**
 * A twenty-second maker's set: a pure bright red, a deep straw yellow, a dark pine green, a toffee
 * brown, a deep sapphire blue, a light rose pink, a blue-black black, a warm ivory cue ball.
 */
const TWENTY_SECOND_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [246, 240, 226],
  red: [219, 2, 11],
  yellow: [206, 188, 0],
  green: [0, 62, 40],
  brown: [114, 67, 0],
  blue: [0, 40, 143],
  pink: [255, 165, 198],
  black: [12, 14, 20],
};

/**
 * A twenty-third maker's set: a bright vermilion red, a pale lemon yellow, a grass green, a dull
 * olive-brown brown, a vivid ultramarine blue, a lilac pink, a black, a white cue ball.
 */
const TWENTY_THIRD_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [244, 244, 236],
  red: [246, 22, 8],
  yellow: [250, 249, 62],
  green: [0, 127, 1],
  brown: [108, 85, 49],
  blue: [1, 34, 213],
  pink: [208, 148, 193],
  black: [10, 10, 12],
};

/**
 * A twenty-fourth maker's set, as a TV table's: a deep scarlet red, a warm golden yellow, an emerald
 * green, a chocolate brown, a royal blue, a rose pink, a black, a bright white cue ball (spotted: see
 * spottedCue).
 */
const TWENTY_FOURTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [248, 247, 242],
  red: [196, 14, 22],
  yellow: [242, 192, 8],
  green: [0, 104, 62],
  brown: [92, 50, 22],
  blue: [6, 54, 172],
  pink: [238, 136, 168],
  black: [14, 14, 16],
};

/**
 * A twenty-fifth maker's set: a rust red (the brownest red so far), a canary yellow (the purest), an
 * apple green (a bright yellow-green), a plum-brown brown (the most violet), an iris blue (a bright
 * blue-violet), a bubblegum pink (a hot pink towards magenta), a petrol-black black (a blue-green black),
 * a cream cue ball (the yellowest and brightest).
 */
const TWENTY_FIFTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [255, 250, 222],
  red: [150, 40, 10],
  yellow: [255, 236, 0],
  green: [80, 170, 30],
  brown: [70, 50, 60],
  blue: [110, 60, 230],
  pink: [255, 120, 200],
  black: [4, 20, 30],
};

/**
 * A twenty-sixth maker's set: a garnet red (a deep pure red), a marigold yellow (the most orange), a
 * grass green (the most yellow and brightest), a dark chocolate brown (the reddest dark brown), a light
 * cornflower blue (the lightest), a hot coral pink, an olive-black black, a blue-white cue ball.
 */
const TWENTY_SIXTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [236, 244, 250],
  red: [140, 4, 2],
  yellow: [205, 150, 0],
  green: [40, 160, 0],
  brown: [64, 14, 0],
  blue: [80, 160, 250],
  pink: [255, 90, 130],
  black: [26, 22, 8],
};

/**
 * A twenty-seventh maker's set: a rose red (a bluish red), an amber-gold yellow, a leaf green, an olive
 * brown (the greenest), a slate-periwinkle blue, a dusty old-rose pink (the greyest), a blue-black
 * black, an ivory cue ball.
 */
const TWENTY_SEVENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 234, 214],
  red: [184, 56, 80],
  yellow: [224, 168, 72],
  green: [72, 144, 64],
  brown: [104, 96, 16],
  blue: [72, 96, 184],
  pink: [200, 152, 144],
  black: [16, 18, 30],
};

/**
 * A twenty-eighth maker's set: a cherry-rose red, an olive-citron yellow (the greenest), a sea-green
 * green, a deep oxblood brown (the reddest), a pale sky blue (the lightest), an orchid-magenta pink, a
 * brown-black black, a bright white cue ball.
 */
const TWENTY_EIGHTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [246, 246, 240],
  red: [236, 60, 108],
  yellow: [184, 184, 84],
  green: [0, 176, 150],
  brown: [128, 8, 0],
  blue: [120, 192, 240],
  pink: [248, 88, 196],
  black: [20, 16, 12],
};

/**
 * A twenty-ninth maker's set: a poppy-orange red (the most orange), a sulphur-lime yellow, a jade-teal
 * green, a rosewood brown (a rosy brown, near the maroon cloth's hue), a bright cobalt blue, a
 * lilac-magenta pink, a wine-black black, a snow-white cue ball.
 */
const TWENTY_NINTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 248, 244],
  red: [250, 70, 10],
  yellow: [200, 236, 20],
  green: [0, 150, 110],
  brown: [140, 70, 80],
  blue: [0, 90, 250],
  pink: [230, 110, 220],
  black: [26, 10, 14],
};

/**
 * A thirtieth maker's set: a rose-crimson red (the bluest red), an olive-lime yellow, an aqua-green
 * green, an amber-ochre brown, an ultramarine violet-blue blue, an orchid pink, a slate-black black, and
 * an old ivory cue ball yellowed with use.
 */
const THIRTIETH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [236, 226, 190],
  red: [250, 20, 80],
  yellow: [185, 200, 30],
  green: [70, 185, 170],
  brown: [155, 95, 0],
  blue: [60, 45, 255],
  pink: [255, 150, 250],
  black: [30, 28, 40],
};

/**
 * A bright bare bulb just beyond the frame's edge, in a cheap lens (AltFlare): its image 0.72 to 0.9 rad
 * off the optical axis (the frame's corners are 0.71 rad off demo's), on any side; a warm bulb's light;
 * its veiling glare 0.08 to 0.2 of the bed's middle's light at its image, falling off over a quarter of
 * the focal length, 0.005 to 0.015 over the whole frame; five to seven ghosts of a six-bladed iris, each
 * 0.01 to 0.06 of the focal length in circumradius, at −0.7 to 0.7 of the bulb's image's offset, tinted
 * by one of four coatings, the light its reflections pass (0.005 to 0.02 of the bed's middle's over a
 * ghost of 0.03) spread over its disc: 0.045 to 0.18 of the bed's middle's light in the smallest, 0.0013
 * to 0.005 in the largest.
 */
const bulbFlare = (rng: Rng): AltFlare => {
  const COATINGS = [
    [0.5, 1, 0.6],
    [1, 0.55, 1],
    [1, 0.8, 0.45],
    [0.55, 0.75, 1],
  ] as const;
  const off = rng.uniform(0.72, 0.9);
  const azimuth = rng.uniform(0, 2 * Math.PI);
  const veil = rng.uniform(0.08, 0.2);
  const floor = rng.uniform(0.005, 0.015);
  const turn = rng.uniform(0, Math.PI / 3);
  const n = rng.int(5, 8);
  const ghosts = Array.from({ length: n }, () => {
    const k = rng.uniform(-0.7, 0.7);
    const radius = rng.uniform(0.01, 0.06);
    const soft = rng.uniform(0.08, 0.3);
    // The light each reflection passes, spread over the ghost's disc: a small ghost bright, a large one faint.
    const light = rng.uniform(0.005, 0.02) * (0.03 / radius) ** 2;
    const tint = COATINGS[rng.int(0, COATINGS.length)] as readonly [number, number, number];
    return { k, radius, soft, light, tint };
  });
  return { off, azimuth, colour: [1, 0.85, 0.65], veil, spread: 0.25, floor, blades: 6, turn, ghosts };
};

/** A capture decoding a camera's video in the wrong range (AltCapture), which way drawn by the seed. */
const wrongCapture = (rng: Rng): AltCapture => ({ range: rng.next() < 0.5 ? 'washed' : 'crushed' });

/**
 * A thirty-first maker's set: a carmine red (a pure red a little towards the blue), a pale lemon yellow,
 * a pale jade green, a honey-tan brown, a deep pure blue, a pale blush pink, a charcoal black, and a
 * blue-white cue ball.
 */
const THIRTY_FIRST_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 246, 255],
  red: [255, 0, 40],
  yellow: [255, 255, 100],
  green: [120, 200, 140],
  brown: [185, 120, 10],
  blue: [10, 10, 180],
  pink: [250, 205, 215],
  black: [40, 40, 44],
};

/**
 * The club's polarising film under its lamps and the camera's filter crossed to it (AltPolariser): the
 * film's axis any way across the table; each film passing 0.3 to 1 % of green light polarised across its
 * axis, 1.5 to 3 times that of red and 3 to 6 times of blue (a film's extinction is worst at the
 * spectrum's ends); the two films' cast, red 0.96 to 1 and blue 0.88 to 0.94 of green (a neutral film
 * passes less blue).
 */
const crossedPolarisers = (rng: Rng): AltPolariser => {
  const axis = rng.uniform(0, Math.PI);
  const green = rng.uniform(0.003, 0.01);
  const leak = [green * rng.uniform(1.5, 3), green, green * rng.uniform(3, 6)] as const;
  const tint = [rng.uniform(0.96, 1), 1, rng.uniform(0.88, 0.94)] as const;
  return { axis, leak, tint };
};

/**
 * An old CCD security camera's sensor (AltCcd): a full well of 0.9 to 1 of the tone curve's white, an
 * overflow drain taking up to 0.3 of a full photosite's excess, and a smear of 0.005 to 0.02 of a
 * column's mean light.
 */
const oldCcd = (rng: Rng): AltCcd => ({
  fullWell: rng.uniform(0.9, 1),
  drain: rng.uniform(0, 0.3),
  smear: rng.uniform(0.005, 0.02),
});

/**
 * A thirty-second maker's set: a vermilion red, an acid lemon yellow (a little towards green), a dark
 * leaf green, a burnt-sienna brown (a red-orange brown), a deep violet-blue blue, a hot rose pink, a
 * warm black, and a warm white cue ball.
 */
const THIRTY_SECOND_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [252, 248, 232],
  red: [255, 50, 45],
  yellow: [230, 230, 0],
  green: [20, 90, 20],
  brown: [170, 60, 0],
  blue: [50, 20, 200],
  pink: [255, 105, 170],
  black: [30, 24, 20],
};

/**
 * Cheap LED panels' light (AltLamplight): a blue die's narrow band, its peak 445 to 458 nm and 16 to 24 nm
 * wide (at half its peak), and a single narrow phosphor's, its peak 548 to 562 nm and 90 to 110 nm wide
 * (a good one's is 120 nm or more, with a second, red phosphor), the die's power 0.3 to 0.5 of the
 * phosphor's: little light beyond 630 nm, and a gap at the cyan between the two.
 */
const cheapLeds = (rng: Rng): AltLamplight => ({
  emitters: [
    { peak: rng.uniform(445, 458), width: rng.uniform(16, 24), power: rng.uniform(0.3, 0.5) },
    { peak: rng.uniform(548, 562), width: rng.uniform(90, 110), power: 1 },
  ],
});

/**
 * A CCTV dome camera's smoked acrylic bubble (AltDome): its centre seen within 6 % of the frame's size of
 * the frame's middle (the lens a little off it, as a dome's tilt and pan leave it); its ghost 0.05 to
 * 0.15 % of the frame's light (an acrylic's 3.9 % times a cheap lens's front element's 1.3 to 3.8 %),
 * a little out of focus (1.5 to 4 px); three to six arcs of scratches and dust about points near the
 * bubble's centre (wiped round and round), 150 to 500 px across at 1080 rows, 6 to 20 px wide, 0.6 to
 * 2.2 rad long, scattering 0.3 to 0.7 of the light at their middle by 3 to 6 px; its tint bronze, red
 * 1 to 1.04 and blue 0.86 to 0.94 of green.
 */
const cctvDome = (rng: Rng): AltDome => {
  const pole = { u: 0.5 + rng.uniform(-0.06, 0.06), v: 0.5 + rng.uniform(-0.06, 0.06) };
  const ghost = 0.039 * rng.uniform(0.013, 0.038);
  const ghostBlur = rng.uniform(1.5, 4);
  const arcs: AltArc[] = Array.from({ length: rng.int(3, 7) }, () => {
    const from = rng.uniform(-Math.PI, Math.PI);
    return {
      u: pole.u + rng.uniform(-0.03, 0.03),
      v: pole.v + rng.uniform(-0.03, 0.03),
      radius: rng.uniform(75, 250),
      width: rng.uniform(6, 20),
      from,
      to: from + rng.uniform(0.6, 2.2),
      depth: rng.uniform(0.3, 0.7),
    };
  });
  return {
    tint: [rng.uniform(1, 1.04), 1, rng.uniform(0.86, 0.94)],
    pole,
    ghost,
    ghostBlur,
    arcs,
    scatter: rng.uniform(3, 6),
  };
};

/**
 * A thirty-third maker's set: a strawberry red (a little towards pink), a bright lemon yellow (a little
 * towards green), a vivid spring green, a copper brown (a red-orange brown), a bright ultramarine blue, a
 * pale powder pink, a blue-black black, and a soft white cue ball.
 */
const THIRTY_THIRD_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 248, 240],
  red: [255, 70, 80],
  yellow: [250, 255, 30],
  green: [0, 190, 55],
  brown: [190, 75, 35],
  blue: [80, 70, 240],
  pink: [220, 190, 205],
  black: [28, 30, 40],
};

/** The ageing club camera's own seed: where its sensor's defects lie, the same in every frame it takes. */
const AGED_CAMERA = 40_033;

/**
 * An ageing sensor at a high gain (AltSensor). The camera's own, drawn from its seed: 2 to 4 hot
 * photosites in 10 000, their dark signal log-normal about 0.04 to 0.06 of the white (a spread of 0.8 in
 * its log: 2 to 5 in 100 past 0.2); 1 to 3 stuck ones in 100 000; its columns' offsets 0.0012 to 0.0025 of the
 * white, its rows' 0.0006 to 0.0012; its amplifier's glow 0.06 to 0.12 of the white at one corner, falling
 * by e over 0.12 to 0.22 of the frame's height, reddish (red and blue's filters passing more of its near
 * infrared than green's: 1, 0.55, 0.75). The frame's own warmth, drawn by the seed: 2^−0.5 to 2^0.5 (the
 * sensor 3 °C cooler or warmer: dark current doubles every 6 °C).
 */
const agedSensor = (rng: Rng): AltSensor => {
  const cam = makeRng(AGED_CAMERA + 1);
  return {
    seed: AGED_CAMERA,
    hot: cam.uniform(2e-4, 4e-4),
    dark: cam.uniform(0.04, 0.06),
    spread: 0.8,
    stuck: cam.uniform(1e-5, 3e-5),
    columns: cam.uniform(0.0012, 0.0025),
    rows: cam.uniform(0.0006, 0.0012),
    glow: {
      corner: cam.int(0, 4) as 0 | 1 | 2 | 3,
      strength: cam.uniform(0.06, 0.12),
      reach: cam.uniform(0.12, 0.22),
      colour: [1, 0.55, 0.75],
    },
    warmth: 2 ** rng.uniform(-0.5, 0.5),
  };
};

/**
 * A phone's wide camera whose lens-shading correction is another module's (AltShading): its optical
 * centre within 3 % of the frame's middle; 20 to 35 % of the light lost at the corners; the corners
 * magenta (red 1.12 to 1.25 and blue 1.08 to 1.2 of green's share there) or green (red 0.82 to 0.9, blue
 * 0.85 to 0.94), which drawn by the seed.
 */
const otherModule = (rng: Rng): AltShading => {
  const u = 0.5 + rng.uniform(-0.03, 0.03);
  const v = 0.5 + rng.uniform(-0.03, 0.03);
  const fall = rng.uniform(0.2, 0.35);
  const magenta = rng.next() < 0.5;
  const tint: readonly [number, number] = magenta
    ? [rng.uniform(0.12, 0.25), rng.uniform(0.08, 0.2)]
    : [-rng.uniform(0.1, 0.18), -rng.uniform(0.06, 0.15)];
  return { u, v, fall, tint };
};

/**
 * A day/night camera's IR-cut filter stuck open under bare halogen lamps (AltInfrared): the lamps' near
 * infrared 0.6 to 1 of their visible light as the sensor's red sees it (a halogen capsule at 3000 K gives
 * more power past 700 nm than below it; silicon sees to 1000 nm), green's filter passing 0.3 to 0.45 of
 * red's share of it and blue's 0.25 to 0.4 (their dyes clear past 800 nm only), drawn by the seed; the
 * camera balanced to a white card's 0.85. Near-infrared reflectances at 700 to 1000 nm: the cloth's wool
 * with its acid dyes 0.75 (the dyes clear in infrared, the wool bright); the balls' phenolic resin with
 * their pigments, the cue ball 0.85, the red's and the pink's organic reds 0.82 and 0.85, the yellow's
 * 0.85, the brown's iron oxide 0.65, the green's phthalocyanine 0.5, the blue's 0.3, the black's carbon
 * 0.05; the rail's wood 0.55, the floor 0.35, anything else 0.5.
 */
const irCutOpen = (rng: Rng): AltInfrared => ({
  lamps: rng.uniform(0.6, 1),
  response: [1, rng.uniform(0.3, 0.45), rng.uniform(0.25, 0.4)],
  white: 0.85,
  cloth: 0.75,
  balls: { cue: 0.85, red: 0.82, yellow: 0.85, green: 0.5, brown: 0.65, blue: 0.3, pink: 0.85, black: 0.05 },
  rail: 0.55,
  floor: 0.35,
  other: 0.5,
});

/**
 * A thirty-fourth maker's set: a vermilion red (towards orange), an old-gold yellow, a pure green, a rosy
 * brown, a violet blue, an orchid pink, a jet black, and a cream cue ball.
 */
const THIRTY_FOURTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [252, 246, 228],
  red: [215, 70, 0],
  yellow: [205, 185, 55],
  green: [0, 200, 0],
  brown: [190, 95, 80],
  blue: [100, 0, 190],
  pink: [220, 105, 190],
  black: [14, 14, 16],
};

/** The glasses a club's gobo projector may carry: its ground's and its logo's (linear shares of its light). */
const GOBO_GLASSES: readonly (readonly [
  readonly [number, number, number],
  readonly [number, number, number],
])[] = [
  // A deep blue ground, an amber logo.
  [
    [0.1, 0.25, 1],
    [1, 0.62, 0.1],
  ],
  // A green ground, a clear logo.
  [
    [0.15, 1, 0.3],
    [1, 1, 1],
  ],
  // A violet ground, a yellow logo.
  [
    [0.55, 0.15, 1],
    [1, 0.9, 0.2],
  ],
];

/**
 * A club's gobo projector on the ceiling (AltGobo: a bare lamp, its lens 50 mm across, no glare of its
 * own), drawn by the seed, so that its spot moves from frame to frame: 0.9 to 1.5 m beyond one long side
 * (which, drawn), 2.2 to 2.7 m above the bed, along the table 0.2 to 0.8 of its length; aimed at a point
 * of the bed (0.15 to 0.85 of its width, 0.12 to 0.88 of its length), its spot 260 to 420 mm in radius
 * there, its edges 2 to 5 mm wide there (in focus), the logo turned anyhow, one of three pairs of
 * glasses; its light through the clearest glass 0.8 to 1.4 times the table's lamps' at the bed's middle.
 */
const goboProjector = (t: Table, lamps: readonly AltLamp[], rng: Rng): AltLamp => {
  const side = rng.next() < 0.5;
  const x = side ? -rng.uniform(900, 1500) : t.width + rng.uniform(900, 1500);
  const y = t.length * rng.uniform(0.2, 0.8);
  const z = rng.uniform(2200, 2700);
  const ax = t.width * rng.uniform(0.15, 0.85);
  const ay = t.length * rng.uniform(0.12, 0.88);
  const d = Math.hypot(ax - x, ay - y, z);
  const radius = rng.uniform(260, 420);
  const edge = rng.uniform(2, 5);
  const spin = rng.uniform(0, 2 * Math.PI);
  const [ground, logo] = GOBO_GLASSES[rng.int(0, GOBO_GLASSES.length)] as (typeof GOBO_GLASSES)[number];
  // The table's lamps' light at the bed's middle (each facing down: its power times the cosine twice).
  const middle = lamps.reduce((e, l) => {
    const d2 = (l.x - t.width / 2) ** 2 + (l.y - t.length / 2) ** 2 + l.z * l.z;
    return e + (l.power * l.z * l.z) / (d2 * d2);
  }, 0);
  // A bare lamp's light at the aim: its power times the cosine there over d².
  const power = (rng.uniform(0.8, 1.4) * middle * d ** 3) / z;
  return {
    x,
    y,
    z,
    hx: 25,
    hy: 25,
    power,
    bare: true,
    gobo: { ax, ay, half: radius / d, edge: edge / d, spin, ground, logo },
  };
};

/** A day and a time of a club's evening, as a CCTV camera's clock writes it, drawn by the seed (each frame its own). */
const clockAt = (rng: Rng, style: number): string => {
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = rng.int(1, 31);
  const hh = rng.int(17, 24);
  const mm = rng.int(0, 60);
  const ss = rng.int(0, 60);
  const date = style === 0 ? `2026-11-${two(day)}` : `${two(day)}/11/2026`;
  return `${date} ${two(hh)}:${two(mm)}:${two(ss)}`;
};

/**
 * A CCTV camera's on-screen display (AltOsd), as its maker's firmware draws it: the date and time at the
 * top left (ISO's order or the day first, drawn), ticking on from frame to frame, and the camera's name at
 * the bottom right, in the generator's bitmap font 3 or 4 px a font pixel at 1080 rows (21 to 28 px
 * tall), white or yellow (drawn), ringed black 1 or 2 px, opaque. Where they fall is the installer's
 * setting, drawn here: the clock's left 0.03 to 0.07 of the width, its top 0.095 to 0.125 of the height
 * (over the top rail and the bed's top edge at the left), the name's right end 0.93 to 0.96 of the
 * width, its top 0.8 to 0.84 of the height (over the bed's bottom edge at the right).
 */
const cctvDisplay = (rng: Rng): AltOsd => {
  const yellow = rng.next() < 0.5;
  const colour: Srgb8 = yellow ? [245, 225, 30] : [240, 240, 240];
  const scale = rng.int(3, 5);
  const edge = rng.int(1, 3);
  const clock = clockAt(rng, rng.int(0, 2));
  const name = `CAM ${String(rng.int(1, 9)).padStart(2, '0')} TABLE ${rng.int(1, 13)}`;
  const right = rng.uniform(0.93, 0.96);
  const text = (t: string, u: number, v: number): AltOsdText => ({
    text: t,
    u,
    v,
    scale,
    colour,
    outline: [8, 8, 8],
    edge,
    alpha: 1,
  });
  return {
    panels: [],
    texts: [
      text(clock, rng.uniform(0.03, 0.07), rng.uniform(0.095, 0.125)),
      text(name, right - ((6 * name.length - 1) * scale) / 1920, rng.uniform(0.8, 0.84)),
    ],
  };
};

/** Players' names a club's score bug may show. */
const BUG_NAMES = [
  'SMITH',
  'JONES',
  'BROWN',
  'TAYLOR',
  'WILSON',
  'DAVIES',
  'EVANS',
  'WALKER',
  'WRIGHT',
  'HUGHES',
];

/** A club's stream's colours: its logo's plate and its bug's accent. */
const CHANNEL_COLOURS: readonly Srgb8[] = [
  [200, 20, 40],
  [240, 150, 0],
  [20, 90, 200],
];

/**
 * A club's stream's graphics (AltOsd), laid over the picture by its mixer: the channel's logo at the top
 * right (a plate of its colour, alpha 0.35 to 0.5, with its name in white, alpha 0.6 to 0.8: a
 * watermark the table shows through), its plate's left 0.8 to 0.84 of the width, its top 0.1 to 0.13 of
 * the height (over the bed's top right corner); and a score bug low on the left (a dark navy ground,
 * alpha 0.55 to 0.8, an accent strip of the channel's colour, two rows: each player's name, frames won
 * and the current break's score in white, opaque), its left 0.14 to 0.4 of the width, its top 0.78 to 0.81
 * of the height (over the bed's bottom edge), 3 px a font pixel at 1080 rows. The names, the frames and
 * the scores are drawn for each frame, so the bug changes between frames.
 */
const streamGraphics = (rng: Rng): AltOsd => {
  const channel = CHANNEL_COLOURS[rng.int(0, CHANNEL_COLOURS.length)] as Srgb8;
  const lu = rng.uniform(0.8, 0.84);
  const lv = rng.uniform(0.1, 0.13);
  const plate = rng.uniform(0.35, 0.5);
  const mark = rng.uniform(0.6, 0.8);
  const bu = rng.uniform(0.14, 0.4);
  const bv = rng.uniform(0.78, 0.81);
  const ground = rng.uniform(0.55, 0.8);
  const a = BUG_NAMES[rng.int(0, BUG_NAMES.length)] as string;
  const b = BUG_NAMES.filter((n) => n !== a)[rng.int(0, BUG_NAMES.length - 1)] as string;
  const row = (n: string): string =>
    `${n.padEnd(7)} ${String(rng.int(0, 6))} ${String(rng.int(0, 100)).padStart(3)}`;
  const white: Srgb8 = [245, 245, 245];
  const text = (
    t: string,
    u: number,
    v: number,
    scale: number,
    outline: Srgb8,
    alpha: number,
  ): AltOsdText => ({
    text: t,
    u,
    v,
    scale,
    colour: white,
    outline,
    edge: 1,
    alpha,
  });
  // The bug: 15 cells of 3 px a font pixel (267 px) and a margin, two rows of 21 px and their gaps.
  const bugW = 15 * 18 + 30;
  const bugH = 2 * 21 + 3 * 8;
  return {
    panels: [
      { u: lu, v: lv, w: 6 * 4 * 7 + 4 * 4, h: 7 * 4 + 2 * 8, colour: channel, alpha: plate },
      { u: bu, v: bv, w: bugW, h: bugH, colour: [12, 20, 60], alpha: ground },
      { u: bu, v: bv, w: 8, h: bugH, colour: channel, alpha: 0.9 },
    ],
    texts: [
      text('CLUB TV', lu + 8 / 1920, lv + 8 / 1080, 4, channel, mark),
      text(row(a), bu + 18 / 1920, bv + 8 / 1080, 3, [12, 20, 60], 1),
      text(row(b), bu + 18 / 1920, bv + 37 / 1080, 3, [12, 20, 60], 1),
    ],
  };
};

/**
 * A thirty-fifth maker's set: a deep crimson red, a citron yellow (towards green), a grass green, a
 * rosewood brown, an ultramarine violet blue, a light orchid pink, a blue-black, a cold white cue ball.
 */
const THIRTY_FIFTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [240, 244, 250],
  red: [180, 0, 0],
  yellow: [200, 210, 90],
  green: [90, 200, 70],
  brown: [170, 70, 60],
  blue: [110, 0, 255],
  pink: [255, 140, 220],
  black: [16, 18, 26],
};

/**
 * A thirty-sixth maker's set (neon-nr): a vermilion red, a tan yellow, an emerald green, an amber brown,
 * a pure blue, a magenta pink, a warm black, an ivory cue ball; each coloured ball 27 or more code
 * values from every older set's.
 */
const THIRTY_SIXTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 246, 232],
  red: [230, 45, 0],
  yellow: [200, 150, 70],
  green: [0, 200, 105],
  brown: [190, 85, 0],
  blue: [20, 0, 255],
  pink: [255, 100, 220],
  black: [30, 24, 20],
};

/**
 * A thirty-seventh maker's set (pureblue-neighbour's), each coloured ball 25 code values or more from
 * every older set's (found by a search over the older sets; tests/helpers/alt-split.ts
 * expectNewMakersSet checks it): an orange-red red, an olive-gold brown, a
 * deep golden yellow, a dusty pink, a grass green, an indigo blue, a warm ivory cue ball, a blue-black
 * black.
 */
const THIRTY_SEVENTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [248, 244, 226],
  red: [255, 80, 40],
  yellow: [230, 165, 0],
  green: [40, 200, 30],
  brown: [150, 115, 25],
  blue: [70, 0, 145],
  pink: [220, 175, 180],
  black: [22, 22, 30],
};

/**
 * A thirty-eighth maker's set (celery-yellowed's), each coloured ball 25 code values or more from
 * every older set's (found by a search over the older sets; expectNewMakersSet checks it), its cue
 * ball yellowed by decades of play and light (an old ivory-straw: its blue 98 below its red, the yellowest so far, duller and lighter than
 * the set's yellow and 79 code values from it, nearer than any older set's cue ball to its yellow, 82 at
 * the least): a rose-red red, a marigold-orange yellow, a burnt-orange brown, an olive green, an azure
 * blue, an orchid-lilac pink, a neutral black.
 */
const THIRTY_EIGHTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [230, 202, 132],
  red: [245, 45, 70],
  yellow: [255, 180, 60],
  green: [90, 135, 0],
  brown: [170, 95, 25],
  blue: [0, 150, 255],
  pink: [225, 165, 205],
  black: [24, 24, 24],
};

/**
 * The low afternoon sun through a roof window of an attic games room (AltAperture), drawn by the seed:
 * the sun 25 to 40 degrees up at any bearing, its light on the bed, where the window lets it through,
 * 1.5 to 2.5 times the lamps' at the bed's middle (a hazy sun through the window's glass), a warm
 * 4500 K (LOW_SUN) to the camera balanced for the lamps; the roof's pitch 35 to 45 degrees, facing
 * within 40 degrees of the sun; the window (its width across the roof's slope 780 to 1140 mm, its
 * length up it 980 to 1400) 1.9 to 2.4 m over the bed, placed where its light falls around a point of
 * the bed's middle half across and middle three fifths along: a parallelogram of sun lying across
 * part of the bed (and maybe over a cushion and the floor), its edges 28 to 53 mm soft (the sun's disc
 * seen 3 to 5.7 m from the window).
 */
const roofWindowSun =
  (rig: (t: Table, power: number) => AltLamp[]) =>
  (t: Table, rng: Rng): AltLamp[] => {
    const lamps = rig(t, 1);
    // The lamps' light at the bed's middle (a lamp facing down: its power times the cosine squared over d²).
    const mid = lamps.reduce((e, l) => {
      const d2 = (l.x - t.width / 2) ** 2 + (l.y - t.length / 2) ** 2 + l.z * l.z;
      return e + (l.power * l.z * l.z) / (d2 * d2);
    }, 0);
    const up = (rng.uniform(25, 40) * Math.PI) / 180;
    const bearing = rng.uniform(0, 2 * Math.PI);
    const sx = Math.cos(bearing);
    const sy = Math.sin(bearing);
    const sun = sunLamp(t, rng.uniform(1.5, 2.5) * mid, up, sx, sy, LOW_SUN);
    const pitch = (rng.uniform(35, 45) * Math.PI) / 180;
    const facing = bearing + (rng.uniform(-40, 40) * Math.PI) / 180;
    // Down the roof's slope (towards its eave, which faces the sun), and across it.
    const fx = Math.cos(facing);
    const fy = Math.sin(facing);
    const width = rng.uniform(780, 1140);
    const length = rng.uniform(980, 1400);
    const height = rng.uniform(1900, 2400);
    const px = t.width * rng.uniform(0.25, 0.75);
    const py = t.length * rng.uniform(0.2, 0.8);
    // The window's middle on the ray from that point to the sun, `height` over the bed.
    const along = height / Math.sin(up);
    const cx = px + along * Math.cos(up) * sx;
    const cy = py + along * Math.cos(up) * sy;
    const u = { x: -fy * width, y: fx * width, z: 0 };
    const v = {
      x: -fx * Math.cos(pitch) * length,
      y: -fy * Math.cos(pitch) * length,
      z: Math.sin(pitch) * length,
    };
    const aperture: AltAperture = {
      x: cx - u.x / 2 - v.x / 2,
      y: cy - u.y / 2 - v.y / 2,
      z: height - u.z / 2 - v.z / 2,
      u,
      v,
    };
    return [...lamps, { ...sun, aperture }];
  };

/**
 * A club's RGB LED strips along and under its rails (AltUnderglow), drawn by the seed: the colour of a
 * controller's slow rainbow cycle in this frame (its hue anywhere round the circle: one die or two lit,
 * the one rising as the other falls), the strip 10 to 16 mm over the cushion's nose (itself 0.64 of a
 * ball's height: 1.28 radii), its light on the bed 200 mm from the nose 0.12 to 0.25 times the lamps' at
 * the bed's middle a die at full duty (a bright strip's: 1000 lm a metre, a third of it a die's, lights
 * a ball's flank facing it 250 mm off as the lamps light the bed, and the bed, grazed, a fifth of that),
 * the strip's own light 2.5 to 4 times a white's under the lamps (clipping: a
 * saturated line), the floor under the rails 0.6 to 1.2 times the lamps' light at the middle.
 */
const rgbStrips = (t: Table, rng: Rng): AltUnderglow => {
  const hue = rng.uniform(0, 1);
  const die = (at: number): number => Math.min(1, Math.max(0, 2 - Math.abs(((6 * hue - at + 9) % 6) - 3)));
  const nose = 1.28 * t.ballRadius;
  return {
    colour: [die(0), die(2), die(4)],
    nose,
    height: nose + rng.uniform(10, 16),
    power: rng.uniform(0.12, 0.25),
    radiance: rng.uniform(2.5, 4),
    floor: rng.uniform(0.6, 1.2),
  };
};

/**
 * A camera on a pole set ringing on its mount (AltShake), drawn by the seed: 6 to 18 Hz (a pole's or a
 * truss's first modes), its image swinging 1.5 to 5 px either way at 1080 rows along any direction and
 * 0 to 0.4 of that across it, over a 1/60 to 1/30 s exposure from any phase of the swing.
 */
const ringingMount = (rng: Rng): AltShake => ({
  amplitude: rng.uniform(1.5, 5),
  ratio: rng.uniform(0, 0.4),
  angle: rng.uniform(0, Math.PI),
  frequency: rng.uniform(6, 18),
  shutter: 1 / rng.uniform(30, 60),
  phase: rng.uniform(0, 2 * Math.PI),
});

/**
 * A repaired cloth's sewn patches (AltRepair), drawn by the seed: one to three, each a rounded rectangle
 * 25 to 80 mm by 15 to 50 mm either way of its middle (a mend of a cue's cut or a cigarette's burn),
 * turned any way, its corners rounded 4 to 12 mm, its middle at least 150 mm past its own reach from
 * every cushion's nose; its cloth a shade off the bed's, darker (0.78 to 0.9, a newer piece not yet
 * faded) or lighter (1.1 to 1.25, an older offcut), each channel 4 per cent either way more; its nap
 * turned 30 to 90 degrees off the bed's; a running stitch 2 to 3.5 mm inside its edge, 3 to 6 mm a
 * stitch, 1 to 1.5 mm wide, in a thread 0.5 to 0.7 times the bed's colour; its hem's ridge shading the
 * cloth 0.08 to 0.15 at the edge.
 */
const sewnPatches = (t: Table, rng: Rng): AltRepair => {
  const n = rng.int(1, 4);
  const patches = Array.from({ length: n }, (): AltPatch => {
    const a = rng.uniform(25, 80);
    const b = rng.uniform(15, 50);
    const reach = Math.hypot(a, b) + 150;
    const base = rng.uniform(0, 1) < 0.5 ? rng.uniform(0.78, 0.9) : rng.uniform(1.1, 1.25);
    const tint = [0, 1, 2].map(() => base * rng.uniform(0.96, 1.04)) as [number, number, number];
    const thread = rng.uniform(0.5, 0.7);
    return {
      x: rng.uniform(reach, t.width - reach),
      y: rng.uniform(reach, t.length - reach),
      a,
      b,
      angle: rng.uniform(0, Math.PI),
      corner: rng.uniform(4, 12),
      tint,
      napAngle: ((rng.uniform(0, 1) < 0.5 ? 1 : -1) * rng.uniform(30, 90) * Math.PI) / 180,
      thread: [thread, thread, thread],
      inset: rng.uniform(2, 3.5),
      pitch: rng.uniform(3, 6),
      stitch: rng.uniform(1, 1.5),
      ridge: rng.uniform(0.08, 0.15),
    };
  });
  return { patches };
};

/**
 * A two-tone club table's cushion cloth, drawn by the seed from a maker's usual contrasts for the bed:
 * black, navy, burgundy, a mid grey or a bottle green.
 */
const TWO_TONE_CUSHIONS: readonly Srgb8[] = [
  [30, 30, 32],
  [25, 35, 95],
  [115, 25, 45],
  [125, 125, 130],
  [20, 80, 45],
];
const cushionsInContrast = (rng: Rng): Srgb8 =>
  TWO_TONE_CUSHIONS[rng.int(0, TWO_TONE_CUSHIONS.length)] as Srgb8;

/**
 * A thirty-ninth maker's set (aquamarine-twotone's), each coloured ball 24 code values or more from
 * every older set's (found by a search over the older sets, expectNewMakersSet checks it; its pink
 * 24.8 from the nearest): a brick red, a greenish lemon yellow, a
 * rust brown, a sea green, a cornflower blue, a salmon pink, a neutral black, a white cue ball.
 */
const THIRTY_NINTH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 250, 245],
  red: [195, 50, 50],
  yellow: [210, 210, 20],
  green: [75, 200, 125],
  brown: [140, 55, 0],
  blue: [55, 110, 255],
  pink: [255, 140, 145],
  black: [20, 20, 20],
};

/**
 * A cloth's darned tears (AltDarning), drawn by the seed: one or two, each a straight slit 30 to 110 mm
 * long (a miscue's tear or a rest's), running within 35 degrees of the table's width (across the nap,
 * which runs down the table), gaping 0.4 to 1.2 mm; darned closed under a band 5 to 9 mm wide of
 * cross-stitches 2 to 3.5 mm apart in a darning wool 0.8 to 1.4 mm thick, darker (0.55 to 0.8 of the
 * bed's colour, the nearest a club's fitter had) or lighter (1.1 to 1.3), each channel 4 per cent either
 * way more; the band puckered, shading the cloth 0.04 to 0.1 along the slit; its middle at least 150 mm past
 * its own reach from every cushion's nose.
 */
const darnedTears = (t: Table, rng: Rng): AltDarning => {
  const n = rng.int(1, 3);
  const darns = Array.from({ length: n }, (): AltDarn => {
    const length = rng.uniform(30, 110);
    const width = rng.uniform(5, 9);
    const reach = length / 2 + width / 2 + 150;
    const base = rng.uniform(0, 1) < 0.6 ? rng.uniform(0.55, 0.8) : rng.uniform(1.1, 1.3);
    const thread = [0, 1, 2].map(() => base * rng.uniform(0.96, 1.04)) as [number, number, number];
    return {
      x: rng.uniform(reach, t.width - reach),
      y: rng.uniform(reach, t.length - reach),
      angle: (rng.uniform(-35, 35) * Math.PI) / 180,
      length,
      gap: rng.uniform(0.4, 1.2),
      width,
      pitch: rng.uniform(2, 3.5),
      thread,
      stitch: rng.uniform(0.8, 1.4),
      pucker: rng.uniform(0.04, 0.1),
    };
  });
  return { darns };
};

/**
 * A 4:3 camera's picture pillarboxed in a 16:9 stream (AltPillarbox), drawn by the seed: the bars a
 * digital black (0) in 6 of 10 encoders, 1 to 3 code values in the rest (a padding not quite black);
 * the picture's edge blended over 0.5 to 1.5 px.
 */
const fourByThreeInSixteenByNine = (rng: Rng): AltPillarbox => ({
  aspect: 4 / 3,
  black: rng.uniform(0, 1) < 0.6 ? 0 : rng.int(1, 4),
  soft: rng.uniform(0.5, 1.5),
});

/**
 * A fortieth maker's set (menthol-pillarbox's), each coloured ball 24 code values or more from every
 * older set's (found by a search over the older sets, expectNewMakersSet checks it; the pink
 * 24.3 from its nearest): a vermilion red, a mustard yellow, an ochre brown, a leaf green, an
 * ultramarine blue, a coral pink, a neutral black, a white cue ball.
 */
const FORTIETH_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 250, 245],
  red: [250, 45, 20],
  yellow: [205, 180, 25],
  green: [90, 200, 0],
  brown: [130, 90, 15],
  blue: [65, 0, 240],
  pink: [255, 114, 126],
  black: [20, 20, 20],
};

/**
 * One of three low pendants (pendantLamps) knocked and swinging on its cord (AltSway), drawn by the seed:
 * which of them; a cord 0.7 to 1.4 m from its ceiling hook (a swing of 1.7 to 2.4 s); 50 to 150 mm
 * either way (a knock's swing, dying over a minute), along any direction and 0 to 0.3 of that across it;
 * anywhere in its swing as the frame is taken; the exposure 1/50 to 1/15 s (a club's camera opened up
 * for a dim room), over which the lamp is drawn at three moments.
 */
const knockedPendant = (rng: Rng): AltSway => ({
  lamp: rng.int(0, 3),
  cord: rng.uniform(700, 1400),
  amplitude: rng.uniform(50, 150),
  ratio: rng.uniform(0, 0.3),
  direction: rng.uniform(0, Math.PI),
  phase: rng.uniform(0, 2 * Math.PI),
  shutter: 1 / rng.uniform(15, 50),
  steps: 3,
});

/**
 * A bed's dried spills (AltSpills), drawn by the seed: one or two, each a stain 20 to 55 mm in mean
 * radius (a glass's worth of beer or cola soaked into the cloth), its outline four lobes (k 2 to 5, each
 * up to 0.16 / (k − 1) of the radius), its middle at least twice its radius and 60 mm clear of every
 * cushion's nose (set down off a rail, or knocked over from it); the cloth inside 0.7 to 0.88 as bright,
 * browned (red as that, green 0.93 to 0.98 of it, blue 0.8 to 0.9); a tide mark 1 to 3 mm wide, 0.65 to
 * 0.85 of the stain again; a glossy film reflecting 0.03 to 0.1 of a lamp's light in a lobe cos^20 to
 * cos^60 of the mirror direction.
 */
const driedSpills = (t: Table, rng: Rng): AltSpills => {
  const n = rng.int(1, 3);
  const stains = Array.from({ length: n }, (): AltStain => {
    const radius = rng.uniform(20, 55);
    const clear = 2 * radius + 60;
    const base = rng.uniform(0.7, 0.88);
    return {
      x: rng.uniform(clear, t.width - clear),
      y: rng.uniform(clear, t.length - clear),
      radius,
      lobes: [2, 3, 4, 5].map((k) => [rng.uniform(0, 0.16 / (k - 1)), rng.uniform(0, 2 * Math.PI)] as const),
      tint: [base, base * rng.uniform(0.93, 0.98), base * rng.uniform(0.8, 0.9)],
      rim: rng.uniform(1, 3),
      ring: rng.uniform(0.65, 0.85),
      gloss: rng.uniform(0.03, 0.1),
      lobe: rng.uniform(20, 60),
    };
  });
  return { stains };
};

/**
 * A forty-first maker's set (maize-spilled's), each coloured ball 24 code values or more from every
 * older set's (found by a search over the older sets, expectNewMakersSet checks it; the pink
 * 24.5 from its nearest): a crimson red, a lime-lemon yellow, a mushroom brown, an olive green, a
 * periwinkle blue, an orchid pink, a neutral black, a white cue ball.
 */
const FORTY_FIRST_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 250, 245],
  red: [250, 25, 50],
  yellow: [225, 235, 70],
  green: [60, 90, 0],
  brown: [135, 100, 80],
  blue: [110, 120, 255],
  pink: [220, 90, 210],
  black: [20, 20, 20],
};

/**
 * A table cover's creases pressed into the bed (AltCreases), drawn by the seed: a cover folded in half
 * or in thirds each way for the night leaves one or two creases along the table's length (near an even
 * share of its width, 80 mm either way: the cover not laid quite centred) and one or two across it (near
 * an even share of its length, 150 mm either way), each within 1.5° of square to the table (the cover
 * laid a little askew), 1 to 3 mm wide, its flanks sloping 0.2 to 0.5 at their steepest (a faint ridge:
 * its height 0.2 to 1.2 mm), a valley one time in three (the fold the other way), pressed unevenly (its
 * height fading to 0.4 to 1 of itself and back over 400 to 900 mm).
 */
const coverCreases = (t: Table, rng: Rng): AltCreases => {
  const along = rng.int(1, 3);
  const across = rng.int(1, 3);
  const crease = (x: number, y: number, angle: number): AltCrease => ({
    x,
    y,
    angle: angle + rng.uniform(-1.5, 1.5) * (Math.PI / 180),
    width: rng.uniform(1, 3),
    slope: rng.uniform(0.2, 0.5) * (rng.uniform(0, 1) < 1 / 3 ? -1 : 1),
    fade: rng.uniform(0, 0.6),
    period: rng.uniform(400, 900),
    phase: rng.uniform(0, 2 * Math.PI),
  });
  return {
    creases: [
      ...Array.from({ length: along }, (_, i) =>
        crease((t.width * (i + 1)) / (along + 1) + rng.uniform(-80, 80), t.length / 2, Math.PI / 2),
      ),
      ...Array.from({ length: across }, (_, i) =>
        crease(t.width / 2, (t.length * (i + 1)) / (across + 1) + rng.uniform(-150, 150), 0),
      ),
    ],
  };
};

/**
 * A forty-second maker's set (poppy-pastel's): a pale, pastel set (a novelty maker's, or a cheap set's
 * thin dyes), each coloured ball 24 code values or more from every older set's (the nearest: the
 * pink's 27.4, the brown's 27.6, the yellow's 28.0, the green's 30.8, the blue's 35.1, the red's 50.0;
 * tests/sim-alt-creased-pastel checks it): a salmon red, a butter yellow (its white cue ball 115 from it:
 * celery-yellowed's test asks every other set's cue ball over 81 from its yellow), a mint green, a fawn
 * brown, a cornflower blue, a candy pink, a neutral black, a white cue ball.
 */
const FORTY_SECOND_MAKER_BALLS: Readonly<Record<string, Srgb8>> = {
  cue: [250, 250, 245],
  red: [235, 110, 110],
  yellow: [255, 255, 130],
  green: [130, 215, 165],
  brown: [170, 125, 100],
  blue: [140, 165, 250],
  pink: [255, 195, 240],
  black: [20, 20, 20],
};

/**
 * The next table of a club's row (AltNeighbour), drawn by the seed: beyond this one's far end, 1.6 to 2
 * m between the rails' outer edges (a club's row, room to cue between), 80 mm to either side at most;
 * a tournament-green, scarlet or electric-blue cloth; three to six of its balls (reds, a colour or two)
 * on its near 0.7 m, none touching; a player standing at one of its long sides, leaning over it, the
 * shoulder 0.25 to 0.35 m past the rail's outer edge and 0.35 to 0.45 m over the bed's plane, the bridge
 * hand on its cloth 0.3 to 0.7 m in from the cushion, 0.1 to 0.4 m into the bed, the shoulder 0.1 m
 * nearer to 0.3 m further along the table than the hand; a forearm 45 mm in
 * radius, its sleeve dark, red or white for 0.8 of its length, the hand's skin one of four tones.
 */
const nextTable = (t: Table, rng: Rng): AltNeighbour => {
  const rails = 2 * (50 + 140);
  const gap = rng.uniform(1600, 2000);
  const dx = rng.uniform(-80, 80);
  const dy = t.length + rails + gap;
  const cloths = [ALT_CLOTH.tournament, ALT_CLOTH.scarlet, ALT_CLOTH.electric] as const;
  const cloth = cloths[rng.int(0, cloths.length)] as Srgb8;
  const ids = ['red', 'red', 'red', 'red', 'yellow', 'green', 'brown', 'blue', 'pink', 'black'];
  const count = rng.int(3, 7);
  const balls: { id: string; x: number; y: number }[] = [];
  const R = t.ballRadius;
  for (let tries = 0; balls.length < count && tries < 200; tries++) {
    const x = dx + rng.uniform(2 * R, t.width - 2 * R);
    const y = dy + rng.uniform(2 * R, 700);
    if (balls.some((b) => Math.hypot(b.x - x, b.y - y) < 3 * R)) continue;
    balls.push({ id: ids[rng.int(0, ids.length)] as string, x, y });
  }
  const right = rng.next() < 0.5;
  const side = right ? dx + t.width + 190 : dx - 190;
  const out = right ? 1 : -1;
  const handIn = rng.uniform(300, 700);
  const hand = { x: right ? dx + t.width - handIn : dx + handIn, y: dy + rng.uniform(100, 400), z: 40 };
  const from = {
    x: side + out * rng.uniform(250, 350),
    y: hand.y + rng.uniform(-100, 300),
    z: rng.uniform(350, 450),
  };
  const sleeves: readonly Srgb8[] = [
    [30, 32, 40],
    [170, 30, 34],
    [228, 228, 222],
  ];
  const skins: readonly Srgb8[] = [
    [230, 188, 160],
    [206, 150, 112],
    [150, 100, 70],
    [92, 60, 44],
  ];
  return {
    dx,
    dy,
    cloth,
    balls,
    arm: {
      from,
      to: hand,
      radius: 45,
      sleeveTo: 0.8,
      sleeve: sleeves[rng.int(0, sleeves.length)] as Srgb8,
      skin: skins[rng.int(0, skins.length)] as Srgb8,
    },
  };
};

/**
 * An IP camera's stream losing packets (AltPacketLoss), drawn by the seed: H.264 or H.265 at 4K (its
 * blocks 16 or 64 px; 16 at 1080p); in five frames of six one or two lost slices (none in the
 * sixth): the first aimed across a ball that moved since the last frame, 240 to 360 blocks long (two
 * to three block rows of a 1080p frame, from the row above the ball's), the second anywhere, 30 to 240
 * blocks; each hidden with the previous frame's picture (half of them), that picture shifted 8 to 48 px
 * (at 1080 rows) either way (a quarter), or a smear of the row above faded 0.3 to 0.8 of the way to
 * grey-green (a quarter).
 */
const lostPackets = (rng: Rng): AltPacketLoss => {
  const codec = rng.next() < 0.5 ? 'h264' : 'h265';
  const slice = (aimed: boolean): AltLostSlice => {
    const c = rng.next();
    const conceal = c < 0.5 ? 'copy' : c < 0.75 ? 'shift' : 'smear';
    const u = rng.uniform(0, 1);
    const v = rng.uniform(0, 1);
    const blocks = aimed ? rng.int(240, 361) : rng.int(30, 241);
    const shift = (rng.next() < 0.5 ? -1 : 1) * rng.uniform(8, 48);
    const fade = rng.uniform(0.3, 0.8);
    return { u, ...(aimed ? {} : { v }), blocks, conceal, shift, fade };
  };
  const lossy = rng.next() < 5 / 6;
  const two = rng.next() < 0.5;
  return { codec, slices: lossy ? [slice(true), ...(two ? [slice(false)] : [])] : [] };
};

/**
 * A CCTV camera's temporal noise reduction (AltTemporalNR), drawn by the seed: over the 5 frames before,
 * keeping 0.6 to 0.85 of its last output where nothing changed, its motion detector taking a pixel as
 * it is where its luma changed by `threshold` 0.3 to 0.6 of the two's sum (a night-tuned camera's
 * lenient detector: on the neon cloth the ivory cue ball (0.12) and the emerald green (0.25) trail, the
 * pink and the tan yellow (0.33 to 0.36) a little at most, the reds, the brown, the blue and the black
 * (0.58 to 0.97) not at all).
 */
const temporalNR = (rng: Rng): AltTemporalNR => ({
  frames: 5,
  keep: rng.uniform(0.6, 0.85),
  threshold: rng.uniform(0.3, 0.6),
});

/**
 * A phone's or an action camera's HDR merge (AltHdrMerge), drawn by the seed: its short exposure 8 to 16
 * ms before the long one (the bracket's exposures back to back, at 60 to 120 a second), weighing 0.25
 * to 0.45 of the merge in the mid-tones and all of it from 0.55 to 0.75 of the long one's clipping on,
 * its tone curve's power 0.6 to 0.8 about mid-grey (a phone's flat HDR look).
 */
const hdrMerge = (rng: Rng): AltHdrMerge => ({
  gap: rng.uniform(8, 16),
  share: rng.uniform(0.25, 0.45),
  knee: rng.uniform(0.55, 0.75),
  flatten: rng.uniform(0.6, 0.8),
});

/**
 * One lamp of the rig failing (AltLampFailure), drawn by the seed: any of the rig's `lamps`; dark in
 * half the frames, caught at 0.1 to 0.6 of its light while it flickers in a third, lit in the sixth
 * left; the camera's auto exposure making up 0.3 to 0.7 of the light lost (in stops).
 */
const failingLamp =
  (lamps: number) =>
  (rng: Rng): AltLampFailure => {
    const lamp = rng.int(0, lamps);
    const state = rng.next();
    const dim = rng.uniform(0.1, 0.6);
    const power = state < 1 / 2 ? 0 : state < 5 / 6 ? dim : 1;
    return { lamp, power, compensation: rng.uniform(0.3, 0.7) };
  };

/**
 * A camera's auto white balance hunting under mixed light (AltAwbHunt), drawn by the seed: between the
 * window's daylight (6500 K) and the bulbs' tungsten (3000 K) as the fixed balance sees them; its
 * estimate swinging about the middle, 0.3 to 0.5 of the way to either end at the top of its swing, this
 * frame at a uniform phase of it (a hunt's sine: most frames near its ends); taking 0.7 to 0.9 of it out.
 */
const huntingAwb = (rng: Rng): AltAwbHunt => {
  const swing = rng.uniform(0.3, 0.5);
  const phase = rng.uniform(0, 2 * Math.PI);
  return {
    cool: [DAYLIGHT[0], DAYLIGHT[1], DAYLIGHT[2]],
    warm: [TUNGSTEN[0], TUNGSTEN[1], TUNGSTEN[2]],
    at: 0.5 + swing * Math.sin(phase),
    strength: rng.uniform(0.7, 0.9),
  };
};

/**
 * An old analogue CCTV camera through a capture card (AltAnalogue): PAL's 576 lines of BT.601's 720
 * samples across a 16:9 frame (each 64/45 as wide as a line is high), the camera's chroma sent wide (a
 * Gaussian of half a sample: its encoder's band barely limited) and the card's narrow (2 samples, under
 * 1 MHz), so its notch leaves the carrier's dots beside sharp colour edges; the card deinterlacing by
 * weave or by bob as the seed draws.
 */
const analogueCapture = (rng: Rng): AltAnalogue => ({
  rows: 576,
  aspect: 64 / 45,
  cameraChroma: 0.5,
  cardChroma: 2,
  deinterlace: rng.next() < 0.5 ? 'weave' : 'bob',
});

/**
 * A club's canopy of two lamps over the table and a wall light beyond each long side, 1.8 m from its
 * cushion and 1.3 m over the bed, opposite the table's middle: each lights the bed's near half a
 * third or so of its light, and whoever stands beside that side, between it and the table, hides it
 * from part of the bed (AltOnlooker).
 */
const canopyAndWallLights = (t: Table, power: number): AltLamp[] => [
  ...twoLamps(t, power),
  ...[-1800, t.width + 1800].map((x) => ({
    x,
    y: t.length / 2,
    z: 1300,
    hx: 120,
    hy: 120,
    power: 4.5 * power,
  })),
];

/**
 * A cloth freshly brushed and ironed (AltSheen), drawn by the seed: lanes 250 to 380 mm wide across the
 * bed (as many whole lanes as fit), brushed one way and the other in turn, each lane's lift 0.6 to 1 of
 * the sheen's 4 to 8 %, a quarter of it away from the lamps' mirror directions, the strokes overlapping
 * over 40 mm.
 */
const brushedLanes = (t: Table, rng: Rng): AltSheen => {
  const n = Math.round(t.width / rng.uniform(250, 380));
  const first = rng.next() < 0.5 ? 1 : -1;
  const lanes = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? first : -first) * rng.uniform(0.6, 1));
  return { lanes, width: t.width / n, amount: rng.uniform(0.04, 0.08), floor: 0.25, lobe: 6, edge: 40 };
};

/**
 * One or two people standing beside a long side (AltOnlooker), drawn by the seed: 550 to 800 mm beyond
 * its cushion's nose (out of the frame), across from 0.2 to 0.8 of the table's length, shoulders 190 to
 * 240 mm either side of them 520 to 640 mm over the bed (a person 1.65 to 1.8 m tall, the bed 0.85 m up),
 * a head 90 to 105 mm in radius.
 */
const standingBeside = (t: Table, rng: Rng): AltOnlooker[] =>
  Array.from({ length: rng.int(1, 3) }, () => {
    const gap = rng.uniform(550, 800);
    return {
      x: rng.next() < 0.5 ? -gap : t.width + gap,
      y: t.length * rng.uniform(0.2, 0.8),
      shoulder: rng.uniform(190, 240),
      height: rng.uniform(520, 640),
      head: rng.uniform(90, 105),
    };
  });

/**
 * A dirty lens's front glass (AltLensDirt), drawn by the seed: 14 to 22 specks of dust over the
 * frame's middle 0.8 each way (the table's image, where the balls lie), 10 to 40 px across at 1080 rows (radius 5 to 20 px), each taking 5 to 25 % of the light
 * at its middle, their edges soft over 0.7 to 1 of their radius (far out of focus); a greasy smear over
 * a region 440 to 640 px by 240 to 400 px (its half axes) somewhere in the frame's middle, mixing up to
 * 0.35 to 0.5 of the light there towards the mean within 40 px and spreading the excess of what is
 * bright there (a highlight, a white ball) over 18 px at 0.8.
 */
const dustyLens = (rng: Rng): AltLensDirt => {
  const specks = Array.from({ length: rng.int(14, 23) }, () => ({
    u: rng.uniform(0.1, 0.9),
    v: rng.uniform(0.1, 0.9),
    radius: rng.uniform(5, 20),
    depth: rng.uniform(0.05, 0.25),
    soft: rng.uniform(0.7, 1),
  }));
  const smear = {
    u: rng.uniform(0.25, 0.75),
    v: rng.uniform(0.25, 0.75),
    rx: rng.uniform(220, 320),
    ry: rng.uniform(120, 200),
    angle: rng.uniform(0, Math.PI),
    veil: rng.uniform(0.35, 0.5),
    spread: 40,
    bloom: 0.8,
    threshold: 0.4,
    glow: 18,
  };
  return { specks, smear };
};

/** Block capitals five cells wide and seven high, '#' where inked: the sponsor's name's letters. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
};

/** A made-up sponsor's name (no real firm's). */
const SPONSOR = 'ORVANE';

/** A word's bitmap in GLYPHS' capitals, a blank column between letters. */
const lettering = (word: string): string[] =>
  Array.from({ length: 7 }, (_, r) => [...word].map((ch) => (GLYPHS[ch] as readonly string[])[r]).join('.'));

/** The width of a word's bitmap in cells. */
const letteringCells = (word: string): number => 6 * word.length - 1;

const PRINT_WHITE: Srgb8 = [244, 244, 236];
const PRINT_GOLD: Srgb8 = [232, 184, 48];

/**
 * A sponsor's branded cloth, as TV and club tables have it: a large pale oval emblem (white ink at 0.42,
 * 940 by 1400 mm) over the blue and pink spots with a gold ring 30 mm wide at its rim and the name in
 * gold block letters 140 mm high across its middle; the name in gold letters 112 mm high 40 mm from
 * each side cushion (one in each half), and in white letters 126 mm high 40 mm from the baulk cushion;
 * every word the right way round as the camera overhead sees it. Up to 0.35 of the ink rubbed off in
 * soft patches about 90 mm across, where drawn by the seed; its edges bleeding 1.5 mm into the nap.
 */
const sponsorPrint = (t: Table, rng: Rng): AltPrint => {
  const name = lettering(SPONSOR);
  const cols = letteringCells(SPONSOR);
  const ex = t.width / 2;
  const ey = t.length * 0.6;
  const marks: AltPrintMark[] = [
    { kind: 'oval', x: ex, y: ey, rx: 470, ry: 700, ink: PRINT_WHITE, opacity: 0.42 },
    { kind: 'oval', x: ex, y: ey, rx: 470, ry: 700, ring: 30, ink: PRINT_GOLD, opacity: 0.85 },
    // Across the emblem's middle, its columns along x, its rows towards baulk.
    {
      kind: 'letters',
      x: ex - (cols * 20) / 2,
      y: ey + 70,
      angle: 0,
      cell: 20,
      rows: name,
      ink: PRINT_GOLD,
      opacity: 0.9,
    },
    // Along the cushion x = 0 in the top half (its columns down the table, its letters' feet at the cushion).
    {
      kind: 'letters',
      x: 40 + 112,
      y: t.length * 0.81,
      angle: -Math.PI / 2,
      cell: 16,
      rows: name,
      ink: PRINT_GOLD,
      opacity: 0.9,
    },
    // Along the cushion x = width in the baulk half (its columns up the table, its feet at the cushion).
    {
      kind: 'letters',
      x: t.width - 40 - 112,
      y: t.length * 0.19,
      angle: Math.PI / 2,
      cell: 16,
      rows: name,
      ink: PRINT_GOLD,
      opacity: 0.9,
    },
    // At the baulk end, its columns along x, its feet at the cushion.
    {
      kind: 'letters',
      x: ex - (cols * 18) / 2,
      y: 40 + 126,
      angle: 0,
      cell: 18,
      rows: name,
      ink: PRINT_WHITE,
      opacity: 0.85,
    },
  ];
  return { marks, bleed: 1.5, worn: 0.35, grain: 90, seed: rng.int(1, 1 << 30) };
};

/** The ends of a wipe `half` mm either side of (x, y), at `w` radians to the x axis (a worn place's segment). */
const wiped = (
  x: number,
  y: number,
  w: number,
  half: number,
): Pick<AltWornPlace, 'ax' | 'ay' | 'bx' | 'by'> => ({
  ax: x - half * Math.cos(w),
  ay: y - half * Math.sin(w),
  bx: x + half * Math.cos(w),
  by: y + half * Math.sin(w),
});

/** A cue chalk's blue (a match chalk's: a greenish mid blue), on the cloth and on the cue ball. */
const CHALK_BLUE: Srgb8 = [48, 118, 206];

/** A uniformly random turn in space (Shoemake's), as the three unit vectors its axes go to. */
const randomAxes = (rng: Rng): readonly (readonly [number, number, number])[] => {
  const u1 = rng.next();
  const a = 2 * Math.PI * rng.next();
  const b = 2 * Math.PI * rng.next();
  const [x, y, z, w] = [
    Math.sqrt(1 - u1) * Math.sin(a),
    Math.sqrt(1 - u1) * Math.cos(a),
    Math.sqrt(u1) * Math.sin(b),
    Math.sqrt(u1) * Math.cos(b),
  ];
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
    [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
    [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
  ];
};

/**
 * A spotted cue ball (the TV "measles" ball): six red dots 9 to 10 mm across where the axes of a cube
 * meet its surface, the cube turned at random (from overhead 1 to 3 dots show, some near the rim);
 * and 2 to 4 smudges of blue chalk, 4 to 9 mm across, faint to strong, anywhere on it (where a cue's
 * tip struck it, since rolled).
 */
const spottedCue = (_t: Table, rng: Rng): Record<string, AltBallMark[]> => {
  const dots = randomAxes(rng).flatMap(([x, y, z]) =>
    [1, -1].map((k) => ({
      nx: k * x,
      ny: k * y,
      nz: k * z,
      radius: rng.uniform(4.5, 5),
      soft: 0.4,
      colour: [188, 18, 30] as Srgb8,
      opacity: 1,
    })),
  );
  const smudges = Array.from({ length: rng.int(2, 5) }, () => {
    // Anywhere on it: the ball has rolled since the tip struck it.
    const az = rng.uniform(0, 2 * Math.PI);
    const up = Math.asin(rng.uniform(-1, 1));
    return {
      nx: Math.cos(up) * Math.cos(az),
      ny: Math.cos(up) * Math.sin(az),
      nz: Math.sin(up),
      radius: rng.uniform(2, 4.5),
      soft: rng.uniform(1, 2.5),
      colour: CHALK_BLUE,
      opacity: rng.uniform(0.3, 0.65),
    };
  });
  return { cue: [...dots, ...smudges] };
};

/**
 * Blue chalk dabbed on the cloth by cue tips: 14 to 27 dabs, 4 to 12 mm across (a flat-topped patch
 * round a short wipe), 20 to 85 % chalk at the middle. Half fall round the D, where the cue ball is placed in
 * hand and many shots are played from; three in ten round the blue, pink and black spots, where the cue
 * ball is played from most in the frame's positional play; the rest anywhere on the bed.
 */
const tipChalk = (t: Table, rng: Rng): AltChalkDabs => {
  const spot = (name: string, fy: number): { x: number; y: number } =>
    t.marks?.spots.find((m) => m.name === name)?.at ?? { x: t.width / 2, y: t.length * fy };
  const brown = spot('brown', 0.2);
  const play = [spot('blue', 0.5), spot('pink', 0.75), spot('black', 0.91)];
  const dabs = Array.from({ length: rng.int(14, 28) }, () => {
    const where = rng.next();
    const which = play[rng.int(0, play.length)] as { x: number; y: number };
    // A point uniform in a disc of `reach` round c.
    const r = Math.sqrt(rng.next());
    const a = rng.uniform(0, 2 * Math.PI);
    const round = (c: { x: number; y: number }, reach: number): [number, number] => [
      c.x + reach * r * Math.cos(a),
      c.y + reach * r * Math.sin(a),
    ];
    const [cx, cy] =
      where < 0.5
        ? round(brown, 360)
        : where < 0.8
          ? round(which, 300)
          : [rng.uniform(40, t.width - 40), rng.uniform(40, t.length - 40)];
    const x = Math.min(t.width - 25, Math.max(25, cx));
    const y = Math.min(t.length - 25, Math.max(25, cy));
    const w = rng.uniform(0, Math.PI);
    const wipe = rng.uniform(0, 3);
    return { ...wiped(x, y, w, wipe), half: rng.uniform(1.8, 5.4), lift: rng.uniform(0.2, 0.85) };
  });
  return { colour: CHALK_BLUE, dabs, seed: rng.int(1, 1 << 30) };
};

/** Daylight's colour through a window (its sky's blue), a pane's radiance per unit of its brightness. */
const WINDOW_DAYLIGHT = [0.75, 0.88, 1.1] as const;

/**
 * A club's room as polished balls mirror it, under twoLamps' canopy: the canopy's white underside
 * round the two lamps (the lamps' own images brighter within it), a dark ceiling and walls, and a window
 * of 3 × 2 panes in the wall 1.5 m beyond one long side (which, and where along it, drawn by the seed).
 * A lacquered set's reflection reaches further in from the rim than bare resin's (Schlick's exponent 2,
 * not 5).
 */
const clubMirror = (t: Table, rng: Rng): AltMirror => {
  const left = rng.next() < 0.5;
  const middle = t.length / 2 + rng.uniform(-700, 700);
  const wide = rng.uniform(1400, 2000);
  const bright = rng.uniform(2.5, 3.5);
  return {
    fresnel: 2,
    room: [0.015, 0.014, 0.013],
    canopy: {
      x: t.width / 2,
      y: t.length / 2,
      z: 1100,
      hx: 400,
      hy: t.length * 0.2 + 500,
      radiance: [1.8, 1.72, 1.56],
    },
    window: {
      x: left ? -1500 : t.width + 1500,
      y0: middle - wide / 2,
      y1: middle + wide / 2,
      z0: 900,
      z1: 2100,
      cols: 3,
      rows: 2,
      bar: 60,
      radiance: [WINDOW_DAYLIGHT[0] * bright, WINDOW_DAYLIGHT[1] * bright, WINDOW_DAYLIGHT[2] * bright],
    },
  };
};

/**
 * A usual set worn by years of club play: fine scuffs (streaks 0.4 mm across, 6 mm long) taking up to
 * 0.7 of its highlights, and three matte patches a ball (3 to 8 mm in radius) where 0.85 of them is
 * gone; where, drawn by the seed.
 */
const clubScuffs = (_t: Table, rng: Rng): AltScuffs => ({
  fine: 0.7,
  grain: 0.4,
  length: 6,
  patches: 3,
  size: [3, 8],
  depth: 0.85,
  seed: rng.int(1, 1 << 30),
});

/**
 * A tournament cloth worn by years of play: its nap rubbed lighter by `amount` at most in large soft
 * blotches `patch` mm across, round the black spot (0.9 of it, 150 mm), along the baulk line (0.7, a
 * track 70 mm either side), and chalk dust smudged near each spot (one streak a spot, its middle 30 to
 * 90 mm off it, 30 to 80 mm long, 6 to 14 mm its half width, 2 to 5 % chalk along its middle), where the
 * table has those marks; drawn by the style's seed.
 */
const wornTournament =
  (amount: number, patch: number) =>
  (t: Table, rng: Rng): AltWear => {
    const marks = t.marks;
    const black = marks?.spots.find((m) => m.name === 'black');
    const baulk = marks?.lines.find((m) => m.name === 'baulk-line');
    const seed = rng.int(1, 1 << 30);
    const smudges = (marks?.spots ?? []).map((m) => {
      const a = rng.uniform(0, 2 * Math.PI);
      const r = rng.uniform(30, 90);
      const x = m.at.x + r * Math.cos(a);
      const y = m.at.y + r * Math.sin(a);
      // Wiped along a way of its own: a streak, not a disc.
      const w = rng.uniform(0, Math.PI);
      const half = rng.uniform(15, 40);
      return { ...wiped(x, y, w, half), half: rng.uniform(6, 14), lift: rng.uniform(0.02, 0.05) };
    });
    return {
      amount,
      patch,
      seed,
      places: [
        ...(black
          ? [{ ax: black.at.x, ay: black.at.y, bx: black.at.x, by: black.at.y, half: 150, lift: 0.9 }]
          : []),
        ...(baulk
          ? [{ ax: baulk.a.x, ay: baulk.a.y, bx: baulk.b.x, by: baulk.b.y, half: 70, lift: 0.7 }]
          : []),
      ],
      smudges,
    };
  };

export interface AltStyleOptions {
  /** A black box standing beside the table, against one of its long sides. */
  readonly box?: boolean;
}

/** A black box on the rail beside a long cushion, somewhere along it. */
export const boxBeside = (t: Table, seed: number): AltBox => {
  const rng = makeRng(seed);
  const right = rng.next() < 0.5;
  const y0 = rng.uniform(300, t.length - 700);
  const depth = rng.uniform(150, 260);
  // Its near face on the cushion's top, a few mm to a few cm from the nose.
  const gap = rng.uniform(4, 30);
  const x0 = right ? t.width + gap : -gap - depth;
  return {
    x0,
    x1: x0 + depth,
    y0,
    y1: y0 + rng.uniform(200, 400),
    h: rng.uniform(60, 140),
    colour: [14, 14, 16],
  };
};

/** What sets a variant apart: its cloth, lamps and ball set, the white balance and exposure it is seen in. */
interface AltLook {
  readonly cloth: Srgb8;
  readonly lamps: (t: Table, power: number) => AltLamp[];
  /** The ball set, when not a maker's usual polish: worn to matte, highly polished, or satin. */
  readonly balls?: 'matte' | 'glossy' | 'satin';
  /** White balance pushed warm (+) or cool (−) all evening. */
  readonly warmBias?: number;
  /** White balance pushed green (+) or magenta (−): the cast of fluorescent tubes. */
  readonly tint?: number;
  /** Exposure over (> 1) or under (< 1) what the camera's usual setting gives. */
  readonly exposure?: number;
  /** The set's own colours by ball id, where not the usual maker's (another maker's, a faded set). */
  readonly ballColours?: Readonly<Record<string, Srgb8>>;
  /** Share of the light the camera's lens loses at the image's corners (a wide-angle lens's vignetting). */
  readonly vignette?: number;
  /** The sensor's noise times this: a high ISO (sand-panels' hall camera). */
  readonly noiseGain?: number;
  /** The room's own light (ambient) times this: a room whose lit ceiling and walls light the table. */
  readonly roomLight?: number;
  /** How far from a ball its shadow is drawn, in radii, where not the renderer's 4: a low lamp's long shadows. */
  readonly shadowReach?: number;
  /** A rolling shutter's bands under lamps flickering with the mains; where they start, drawn by the seed. */
  readonly flicker?: Omit<AltFlicker, 'phase'>;
  /** The camera's own sharpening (a cheap camera's unsharp mask). */
  readonly sharpen?: AltSharpen;
  /** A worn cloth, where it is drawn by the seed. */
  readonly wear?: (t: Table, rng: Rng) => AltWear;
  /** A smoky room's haze. */
  readonly haze?: AltHaze;
  /** The camera's exposure time, s, where its frames are taken mid-stroke (motion.ts): a moving ball's blur. */
  readonly shutter?: number;
  /** Marks on the balls (a spotted cue ball, chalk on it), drawn by the seed. */
  readonly ballMarks?: (t: Table, rng: Rng) => Record<string, AltBallMark[]>;
  /** Blue chalk dabbed on the cloth, drawn by the seed. */
  readonly chalkDabs?: (t: Table, rng: Rng) => AltChalkDabs;
  /** A polished set mirroring the room, drawn by the seed. */
  readonly mirror?: (t: Table, rng: Rng) => AltMirror;
  /** A worn set's scuffs, drawn by the seed. */
  readonly scuffs?: (t: Table, rng: Rng) => AltScuffs;
  /** A lens a little out of focus: its disc's radius, px at 1080 rows. */
  readonly defocus?: number;
  /** A lens's lateral chromatic aberration: red magnified by 1 + this, blue by 1 − this. */
  readonly lateralCA?: number;
  /** A phone's local tone mapping. */
  readonly toneMap?: AltToneMap;
  /** A phone's noise reduction (the sensor's noise drawn before it, any sharpening after it). */
  readonly denoise?: AltDenoise;
  /** A sponsor's print in the cloth, its wear drawn by the seed. */
  readonly print?: (t: Table, rng: Rng) => AltPrint;
  /** A dirty lens, its dust and smear drawn by the seed. */
  readonly lensDirt?: (rng: Rng) => AltLensDirt;
  /** A freshly brushed cloth's lanes, drawn by the seed. */
  readonly sheen?: (t: Table, rng: Rng) => AltSheen;
  /** People standing beside the table, where drawn by the seed. */
  readonly onlookers?: (t: Table, rng: Rng) => AltOnlooker[];
  /** A cheap webcam's small sensor and MJPEG stream, scaled up to the frame's size. */
  readonly webcam?: AltWebcam;
  /** An old analogue camera's composite video through a capture card, its deinterlacing drawn by the seed. */
  readonly analogue?: (rng: Rng) => AltAnalogue;
  /** A bright bulb's flare in the lens, drawn by the seed. */
  readonly flare?: (rng: Rng) => AltFlare;
  /** A capture decoding the camera's video in the wrong range and matrix, which way drawn by the seed. */
  readonly capture?: (rng: Rng) => AltCapture;
  /** Polarising film on the lamps and a filter crossed to it on the lens, drawn by the seed. */
  readonly polariser?: (rng: Rng) => AltPolariser;
  /** An old CCD's blooming and smear, drawn by the seed. */
  readonly ccd?: (rng: Rng) => AltCcd;
  /** Lamps whose spectrum has gaps, drawn by the seed. */
  readonly lamplight?: (rng: Rng) => AltLamplight;
  /** A CCTV dome over the camera, drawn by the seed. */
  readonly dome?: (rng: Rng) => AltDome;
  /** A wide lens's colour shading left uncorrected, drawn by the seed. */
  readonly shading?: (rng: Rng) => AltShading;
  /** An ageing sensor's defects (the camera's), the frame's warmth drawn by the seed. */
  readonly sensor?: (rng: Rng) => AltSensor;
  /** A camera's IR-cut filter stuck open, drawn by the seed. */
  readonly infrared?: (rng: Rng) => AltInfrared;
  /** A gobo projector over the table, a lamp beside the look's (their light at the bed's middle), drawn by the seed. */
  readonly gobo?: (t: Table, lamps: readonly AltLamp[], rng: Rng) => AltLamp;
  /** What the camera or the stream burns into the picture, drawn by the seed (each frame its own). */
  readonly osd?: (rng: Rng) => AltOsd;
  /** An IP camera's stream losing packets, drawn by the seed (the balls before from motion.ts altHistory). */
  readonly packetLoss?: (rng: Rng) => AltPacketLoss;
  /** A CCTV camera's temporal noise reduction, drawn by the seed (the balls before from altHistory). */
  readonly temporalNR?: (rng: Rng) => AltTemporalNR;
  /** A phone's HDR merge, drawn by the seed (its short exposure's balls from altHistory). */
  readonly hdrMerge?: (rng: Rng) => AltHdrMerge;
  /** One lamp of the rig failing, drawn by the seed. */
  readonly lampFailure?: (rng: Rng) => AltLampFailure;
  /** A camera's auto white balance hunting between the rig's two lights, drawn by the seed. */
  readonly awbHunt?: (rng: Rng) => AltAwbHunt;
  /** The next table of the row, partly in the frame, drawn by the seed. */
  readonly neighbour?: (t: Table, rng: Rng) => AltNeighbour;
  /** The rig with the sun through a roof window, drawn by the seed (the lamps' place in the style). */
  readonly sunPatch?: (t: Table, rng: Rng) => AltLamp[];
  /** The club's RGB LED strips along and under the rails, drawn by the seed. */
  readonly underglow?: (t: Table, rng: Rng) => AltUnderglow;
  /** The camera shaking on its mount over the exposure, drawn by the seed. */
  readonly shake?: (rng: Rng) => AltShake;
  /** A repaired cloth's sewn patches, drawn by the seed. */
  readonly repair?: (t: Table, rng: Rng) => AltRepair;
  /** A two-tone table's cushion cloth, drawn by the seed. */
  readonly cushionCloth?: (rng: Rng) => Srgb8;
  /** A cloth's darned tears, drawn by the seed. */
  readonly darning?: (t: Table, rng: Rng) => AltDarning;
  /** A 4:3 camera's picture pillarboxed in the frame, drawn by the seed. */
  readonly pillarbox?: (rng: Rng) => AltPillarbox;
  /** A pendant lamp swinging after a knock, drawn by the seed. */
  readonly sway?: (rng: Rng) => AltSway;
  /** A bed's dried spills, drawn by the seed. */
  readonly spills?: (t: Table, rng: Rng) => AltSpills;
  /** A table cover's creases in the bed, drawn by the seed. */
  readonly creases?: (t: Table, rng: Rng) => AltCreases;
}

const LOOKS: Readonly<Record<AltVariant, AltLook>> = {
  tournament: { cloth: ALT_CLOTH.tournament, lamps: twoLamps },
  blue: { cloth: ALT_CLOTH.blue, lamps: threeLamps },
  worn: { cloth: ALT_CLOTH.worn, lamps: threeLamps },
  dim: { cloth: ALT_CLOTH.tournament, lamps: threeLamps },
  'olive-quad': { cloth: ALT_CLOTH.olive, lamps: quadLamps },
  'blue-quad': { cloth: ALT_CLOTH.steel, lamps: quadLamps },
  royal: { cloth: ALT_CLOTH.royal, lamps: twoLamps },
  forest: { cloth: ALT_CLOTH.forest, lamps: twoLamps },
  'purple-penta': { cloth: ALT_CLOTH.purple, lamps: pentaLamps },
  'grey-penta': { cloth: ALT_CLOTH.grey, lamps: pentaLamps },
  'charcoal-duo': { cloth: ALT_CLOTH.charcoal, lamps: twoLamps },
  'silver-duo': { cloth: ALT_CLOTH.silver, lamps: twoLamps },
  'slate-hexa': { cloth: ALT_CLOTH.slate, lamps: hexaLamps },
  'camel-hexa': { cloth: ALT_CLOTH.camel, lamps: hexaLamps },
  'worn-mono': { cloth: ALT_CLOTH.worn, lamps: monoLamp },
  // A warm lamp all evening: the white balance a camera set for daylight leaves; cold LED strips the
  // other way.
  'royal-warm': { cloth: ALT_CLOTH.royal, lamps: threeLamps, warmBias: 0.2 },
  'teal-strip': { cloth: ALT_CLOTH.teal, lamps: stripLamps, warmBias: -0.12 },
  'emerald-matte': { cloth: ALT_CLOTH.emerald, lamps: stripLamps, warmBias: -0.12, balls: 'matte' },
  'navy-side': { cloth: ALT_CLOTH.navy, lamps: sideLamp },
  'lime-glossy': { cloth: ALT_CLOTH.lime, lamps: barLamps, balls: 'glossy' },
  // Tungsten pendants seen by a camera balanced for daylight: everything amber.
  'spruce-pendant': { cloth: ALT_CLOTH.spruce, lamps: pendantLamps, warmBias: 0.25 },
  'cobalt-ring': { cloth: ALT_CLOTH.cobalt, lamps: ringLamp, balls: 'satin' },
  // Bright pools under the downlights, exposed a touch over for them.
  'burgundy-spots': {
    cloth: ALT_CLOTH.burgundy,
    lamps: spotLamps,
    exposure: 1.15,
    ballColours: OTHER_MAKER_BALLS,
  },
  // Fluorescent tubes' green spike, which a daylight white balance leaves, a little under-exposed; an
  // old set, faded and worn matte.
  'greyblue-tubes': {
    cloth: ALT_CLOTH.greyblue,
    lamps: tubeLamps,
    warmBias: -0.04,
    tint: 0.07,
    exposure: 0.85,
    balls: 'matte',
    ballColours: FADED_BALLS,
  },
  // Cool-white tubes behind the box light's diffuser (a little blue, a little green), a cheap
  // wide-angle camera over a pool-hall table (30 % less light in its corners).
  'moss-box': {
    cloth: ALT_CLOTH.moss,
    lamps: boxLight,
    warmBias: -0.05,
    tint: 0.04,
    vignette: 0.3,
  },
  // A broadcast camera exposed for the dark cloth: the light balls' highlights clip.
  'blackgreen-tv': {
    cloth: ALT_CLOTH.blackgreen,
    lamps: tvLamps,
    exposure: 1.6,
    ballColours: DARK_BROWN_BALLS,
  },
  // A soft sky over an orange cloth, a little under-exposed: faint highlights on a satin set.
  'tangerine-sky': { cloth: ALT_CLOTH.tangerine, lamps: skyLight, exposure: 0.85, balls: 'satin' },
  // Cheap LEDs' magenta cast (a green dip) over a turquoise cloth; a fourth maker's polished set.
  'aqua-eight': {
    cloth: ALT_CLOTH.aqua,
    lamps: eightLamps,
    tint: -0.06,
    balls: 'glossy',
    ballColours: FOURTH_MAKER_BALLS,
  },
  // A tungsten cluster seen with a daylight white balance, the hall's tubes adding their green.
  'wine-cluster': { cloth: ALT_CLOTH.wine, lamps: clusterLamps, warmBias: 0.22, tint: 0.06 },
  // Daylight LED panels, a touch cool; a hall camera at a high ISO; a fifth maker's set.
  'sand-panels': {
    cloth: ALT_CLOTH.sand,
    lamps: panelLamps,
    warmBias: -0.06,
    noiseGain: 3,
    ballColours: FIFTH_MAKER_BALLS,
  },
  // A bow of small lamps, a lens that darkens the corners a little; a sixth maker's set.
  'mustard-arc': {
    cloth: ALT_CLOTH.mustard,
    lamps: arcLamps,
    vignette: 0.15,
    ballColours: SIXTH_MAKER_BALLS,
  },
  // Daylight through a window, seen cool and exposed a little over for the shaded side.
  'petrol-window': { cloth: ALT_CLOTH.petrol, lamps: windowLight, warmBias: -0.1, exposure: 1.15 },
  // Lamps slanting across a cloth of the reds' hue; a seventh maker's set.
  'crimson-diagonal': {
    cloth: ALT_CLOTH.crimson,
    lamps: diagonalLamps,
    warmBias: 0.1,
    ballColours: SEVENTH_MAKER_BALLS,
  },
  // Many small spots high on two tracks, a wide lens, a little under-exposed.
  'powder-track': { cloth: ALT_CLOTH.powder, lamps: trackLamps, vignette: 0.25, exposure: 0.85 },
  // One lamp low beyond a corner: the light falls off across the bed; an eighth maker's polished set.
  'jade-corner': {
    cloth: ALT_CLOTH.jade,
    lamps: cornerLamp,
    warmBias: 0.15,
    // Exposed for the corner under the lamp, as a camera metering the whole frame would: the far end
    // of the bed dim.
    exposure: 0.7,
    balls: 'glossy',
    ballColours: EIGHTH_MAKER_BALLS,
  },
  // Lit from around the table only, a green tint, twice the noise.
  'indigo-perimeter': { cloth: ALT_CLOTH.indigo, lamps: perimeterLamps, tint: 0.08, noiseGain: 2 },
  // Two lamps high and off to one side, a little cool; a ninth maker's set.
  'rose-twin': {
    cloth: ALT_CLOTH.rose,
    lamps: twinOffside,
    warmBias: -0.08,
    ballColours: NINTH_MAKER_BALLS,
  },
  // Lit from beyond one end only, exposed for the lit end; a worn matte set.
  'bronze-end': { cloth: ALT_CLOTH.bronze, lamps: endLamps, exposure: 0.7, balls: 'matte' },
  // Warm LED strips along the long sides over a cream cloth, which a metering camera exposes down a
  // little (a light bed); a tenth maker's polished set.
  'cream-strips': {
    cloth: ALT_CLOTH.cream,
    lamps: sideStrips,
    warmBias: 0.06,
    exposure: 0.85,
    balls: 'glossy',
    ballColours: TENTH_MAKER_BALLS,
  },
  // A ring light round the lens, cool LEDs, a lens that darkens the corners strongly; a satin set.
  'turquoise-ring': {
    cloth: ALT_CLOTH.turquoise,
    lamps: lensRing,
    warmBias: -0.1,
    vignette: 0.4,
    balls: 'satin',
    ballColours: SIXTH_MAKER_BALLS,
  },
  // Daylight through a skylight grid, seen a little cool, over a light cloth that a metering camera
  // exposes down a little (at the usual exposure the cloth's blue came within 25 levels of clipping at
  // the brightest seeds, the chalk lines clipped); an eleventh maker's polished set.
  'lilac-skylight': {
    cloth: ALT_CLOTH.lilac,
    lamps: skylightGrid,
    warmBias: -0.08,
    exposure: 0.9,
    balls: 'glossy',
    ballColours: ELEVENTH_MAKER_BALLS,
  },
  // A tungsten bar seen with a daylight white balance: amber, with a touch of green, a yellow cast.
  'sage-bar': { cloth: ALT_CLOTH.sage, lamps: offsideBar, warmBias: 0.28, tint: 0.06 },
  // Four ceiling spots, seen a little warm and exposed a touch dark for the bright pools; a twelfth
  // maker's set in a satin finish.
  'espresso-beams': {
    cloth: ALT_CLOTH.espresso,
    lamps: ceilingBeams,
    warmBias: 0.08,
    exposure: 0.9,
    balls: 'satin',
    ballColours: TWELFTH_MAKER_BALLS,
  },
  // A room lit by its ceiling: twice the usual light from the walls and ceiling round the table (low
  // contrast, shaded flanks lit), neutral LEDs, exposed a little over; the usual set worn matte.
  'taupe-uplight': { cloth: ALT_CLOTH.taupe, lamps: uplighters, roomLight: 2, exposure: 1.1, balls: 'matte' },
  // Warm bulbs seen with a daylight white balance in a dark room (the room's light 0.4 of the usual:
  // the chandelier lights little beyond the table); a thirteenth maker's highly polished set.
  'fuchsia-chandelier': {
    cloth: ALT_CLOTH.fuchsia,
    lamps: chandelier,
    warmBias: 0.12,
    roomLight: 0.4,
    balls: 'glossy',
    ballColours: THIRTEENTH_MAKER_BALLS,
  },
  // Cold-white LED panels: a blue-white cast, the coolest so far; a light cloth exposed down a little.
  'mint-grid': { cloth: ALT_CLOTH.mint, lamps: ledGrid, warmBias: -0.16, exposure: 0.85 },
  // Daylight and tungsten seen with a white balance between them; exposed down for the pale bed, whose
  // brightest channel (the window side's blue, 1.93 of the middle's green) came within 5 levels of
  // clipping at 0.54. The window's shadows, cast from low and far off, reach past the renderer's 4
  // radii: cut there, their edge was up to 25 levels on the pale cloth; at 8 radii at most 2 levels
  // short of drawing them to 12.
  'pearl-window': { cloth: ALT_CLOTH.pearl, lamps: windowAndBulbs, exposure: 0.5, shadowReach: 8 },
  // Warm-white tubes: a little warm, with their green spike; the battens' far lengths cast shadows past
  // 4 radii (cut there, up to 4 levels; at 6 radii at most 1 short of 12). A fourteenth maker's set.
  'plum-cross': {
    cloth: ALT_CLOTH.plum,
    lamps: crossedBattens,
    warmBias: 0.06,
    tint: 0.04,
    shadowReach: 6,
    ballColours: FOURTEENTH_MAKER_BALLS,
  },
  // Metal-halide lamps, whose green a camera's auto white balance leaves; a hall's light walls and floor
  // (1.6 times the usual light from the room); exposed a little down for the light cloth (at the usual
  // exposure the baulk line and the D clipped in green at the brightest seeds; at 0.85 the bed's
  // brightest green was 254). A webcam set for 60 Hz mains under lamps on 50 Hz ones (on magnetic
  // ballasts, all on one phase): the lamps' light swings about ±35 % at 100 Hz, and a row's 1/120 s
  // exposure, 0.83 of that period, leaves a fifth of it (sin(0.83π) / 0.83π = 0.19): ±7 %; the rows
  // read out in 28 ms, 2.8 cycles of flicker, a cycle of bands every 0.36 of the frame's height.
  'chartreuse-highbay': {
    cloth: ALT_CLOTH.chartreuse,
    lamps: hallHighBays,
    tint: 0.05,
    exposure: 0.8,
    roomLight: 1.6,
    flicker: { depth: 0.07, period: 0.36 },
  },
  // An arena kept dark (the room's light 0.4 of the usual); a broadcast camera exposing down for the
  // bright cloth, whose red at the magenta end clipped in the warm kind's frame at 0.65; the washes'
  // shadows reach past 4 radii (cut there, up to 19 levels; at 6 up to 7; at 8 none short of 16). A
  // fifteenth maker's highly polished set.
  'orange-stage': {
    cloth: ALT_CLOTH.orange,
    lamps: stageTruss,
    exposure: 0.55,
    roomLight: 0.4,
    shadowReach: 8,
    balls: 'glossy',
    ballColours: FIFTEENTH_MAKER_BALLS,
  },
  // Daylight, seen by a camera balanced for it; a conservatory's glass walls and the garden beyond (1.5
  // times the usual light from the room); exposed well down for the bright sunlit cloth, whose blue
  // clipped on the bed at the brightest seeds (at 0.8 in 1830 values of the 4K opening frame, at 0.7 in
  // 543 of a 1080p one, at 0.6 in 140, at 0.55 in 20, at 0.5 in 3 lone noisy values). The usual set.
  'electric-sun': {
    cloth: ALT_CLOTH.electric,
    lamps: conservatorySun,
    exposure: 0.5,
    roomLight: 1.5,
  },
  // A bare tungsten bulb, which a webcam's auto white balance would take out, but the red cloth filling
  // the frame pulls its estimate (a grey world) redder than the light is: it goes too far, the whites
  // come out cyan-blue (the coolest cast so far, with a little green); the bulb's light off a low
  // ceiling and close walls (1.5 times the usual light from the room); exposed down for the hot pool
  // under the bulb, where the cloth's red clipped in the warm kind's frames and the brightest seeds'
  // (at 1 in 0.46 % of the 4K warm frame's values, at 0.7 in 525, at 0.6 in 68, at 0.55 in 2 lone
  // ones). A sixteenth maker's set.
  'scarlet-bulb': {
    cloth: ALT_CLOTH.scarlet,
    lamps: bareBulb,
    warmBias: -0.2,
    tint: 0.04,
    exposure: 0.55,
    roomLight: 1.5,
    ballColours: SIXTEENTH_MAKER_BALLS,
  },
  // Filament bulbs at 2200 K, whose amber a phone's auto white balance leaves (it corrects little below
  // 2800 K): the warmest cast so far; a dark bar (its dark wood and low light: half the usual light
  // from the room); exposed down for the bright gold bed, whose red clipped at the brightest seeds (at 1
  // in 1.7 % of a 1080p clusters frame's values, at 0.8 in 25 values on the bed under a bulb, at 0.7 in
  // 1, at 0.65 in none: the bed's red at most 231). The far bulbs' and the low sign's shadows reach past
  // the renderer's 4 radii (cut there, up to 9 levels; at 8 up to 3; at 12, 3 in 64 values short of
  // 20). A seventeenth maker's set.
  'gold-filament': {
    cloth: ALT_CLOTH.gold,
    lamps: filamentBar,
    warmBias: 0.3,
    exposure: 0.65,
    roomLight: 0.5,
    shadowReach: 12,
    ballColours: SEVENTEENTH_MAKER_BALLS,
  },
  // The cove's blue light round the frame pulls a webcam's auto white balance the other way: warm, a
  // little magenta; exposed a little down for the pink bed under the bar, whose red clipped (at 1 in up
  // to 313 values of a 1080p frame; at 0.85 and 0.8 only the blue spot's chalk, 1-4 values). The cove's
  // far lengths' shadows reach past 4 radii (cut there, up to 11 levels; at 8 at most 1 short of 16).
  // The usual set.
  'pink-cove': {
    cloth: ALT_CLOTH.pink,
    lamps: barAndCove,
    warmBias: 0.14,
    tint: -0.04,
    exposure: 0.8,
    shadowReach: 8,
  },
  // Daylight, seen by a camera balanced for it; exposed down for the sunlit stripes. The sun's shadows
  // reach past the renderer's 4 radii, to 5.1 (cut there, up to 119 levels; at 6, to the pixel as at 16).
  'terracotta-blinds': {
    cloth: ALT_CLOTH.terracotta,
    lamps: sunThroughBlinds,
    exposure: 0.7,
    shadowReach: 6,
  },
  // A cheap security camera: its auto exposure opens up for the dark scene, its high gain's noise
  // (three times the usual), a small wide lens darkening the corners by half, its over-sharpening
  // (the chalk lines' middles clip at the brighter seeds: up to 72 values of a 1080p frame, 91 of a 4K
  // one; off the chalk the bed's brightest is 146); the tubes' green, which it leaves. An eighteenth
  // maker's set.
  'onyx-cctv': {
    cloth: ALT_CLOTH.onyx,
    lamps: squarePanel,
    tint: 0.05,
    exposure: 1.3,
    vignette: 0.5,
    noiseGain: 3,
    sharpen: { amount: 1.3, radius: 1.5 },
    ballColours: EIGHTEENTH_MAKER_BALLS,
  },
  // A smoky bar: the warm canopy's amber half left by the camera; the haze takes the lamps' colour.
  'hunter-haze': {
    cloth: ALT_CLOTH.hunter,
    lamps: warmCanopy,
    warmBias: 0.1,
    wear: wornTournament(0.12, 350),
    haze: { veil: 0.25, colour: WARM_CANOPY, bloom: 0.6, threshold: 0.4, radius: 10 },
  },
  // A webcam whose auto white balance is set for the white middle of the canopy.
  'mauve-rgb': {
    cloth: ALT_CLOTH.mauve,
    lamps: rgbCanopy,
    ballColours: NINETEENTH_MAKER_BALLS,
  },
  // An ultra-wide action camera (its camera in camera.ts), whose lens darkens the corners; the rings'
  // neutral-white LEDs.
  'periwinkle-ultrawide': { cloth: ALT_CLOTH.periwinkle, lamps: haloRings, vignette: 0.35 },
  // A camera on a stand beyond the baulk end (camera.ts), a daylight softbox beside it.
  'khaki-stand': {
    cloth: ALT_CLOTH.khaki,
    lamps: softboxAndDomes,
    ballColours: TWENTIETH_MAKER_BALLS,
  },
  // A streamer's camera (its H.264 in stream.ts) over an ordinary three-lamp canopy; the usual set.
  'cerulean-stream': { cloth: ALT_CLOTH.cerulean, lamps: threeLamps },
  // A webcam (its H.264, at a lower bitrate, in stream.ts) in a room lit by a window and a weak lamp:
  // the violet cloth filling the frame pulls its auto white balance's grey-world estimate blue, so it
  // warms and greens the frame a little; exposed down for the far end by the window, whose blue clipped
  // (at 1 in 4 % of a 1080p frame's values, at 0.8 in 0.4 %, at 0.55 in 66 values, the balls' glints);
  // a small lens darkening the corners, a small sensor's noise. A twenty-first maker's set.
  'violet-webcam': {
    cloth: ALT_CLOTH.violet,
    lamps: windowBeyondEnd,
    warmBias: 0.06,
    tint: 0.04,
    exposure: 0.45,
    vignette: 0.2,
    noiseGain: 1.5,
    shadowReach: 6,
    ballColours: TWENTY_FIRST_MAKER_BALLS,
  },
  // A player at the table (player.ts) under a club's ordinary three-lamp canopy; the usual set.
  'raspberry-player': { cloth: ALT_CLOTH.raspberry, lamps: threeLamps },
  // A player at the table (player.ts) under four smaller lamps two by two (crisper shadows of the cue
  // and the arm), a little warm; a twenty-second maker's set.
  'avocado-player': {
    cloth: ALT_CLOTH.avocado,
    lamps: quadLamps,
    warmBias: 0.05,
    ballColours: TWENTY_SECOND_MAKER_BALLS,
  },
  // Frames mid-stroke (motion.ts) under four bare tubes across the table, their green cast; 1/100 s, a
  // whole number of the tubes' 100 Hz pulses (no flicker's bands). A twenty-third maker's set.
  'pistachio-motion': {
    cloth: ALT_CLOTH.pistachio,
    lamps: tubeLamps,
    tint: 0.04,
    shutter: 1 / 100,
    ballColours: TWENTY_THIRD_MAKER_BALLS,
  },
  // Frames mid-stroke (motion.ts) under three low tungsten pendants, a little warm; the dim room's
  // exposure the longest flicker-free shutter, 1/50 s, and a raised gain (half as much noise again).
  'ink-motion': {
    cloth: ALT_CLOTH.ink,
    lamps: pendantLamps,
    warmBias: 0.06,
    noiseGain: 1.5,
    shutter: 1 / 50,
  },
  // A TV-style set with a spotted cue ball, chalk on it and on the cloth, under a club's ordinary
  // three-lamp canopy; a twenty-fourth maker's set.
  'apricot-spotted': {
    cloth: ALT_CLOTH.apricot,
    lamps: threeLamps,
    ballColours: TWENTY_FOURTH_MAKER_BALLS,
    ballMarks: spottedCue,
    chalkDabs: tipChalk,
  },
  // A polished (lacquered) usual set mirroring the room: the cloth in every ball's lower flanks, the
  // two lamps' canopy, the dark ceiling, a window's panes on one side.
  'ice-mirror': { cloth: ALT_CLOTH.ice, lamps: twoLamps, balls: 'glossy', mirror: clubMirror },
  // A phone on a stand over a club's ordinary three-lamp canopy, its own processing on: its small
  // sensor's noise (twice the usual) taken out by its noise reduction (luma's fine detail cored under 6
  // code values over 1.5 px, chroma blurred over 4 px at half size), local tone mapping (0.35 of the
  // large-scale contrast, over 40 px, taken out: shadows lifted, the lamps' pools compressed), and a
  // strong unsharp mask after (1.6 times the detail of a 0.8 px blur: halos 1 to 2 px wide). A
  // twenty-fifth maker's set.
  'teal-phone': {
    cloth: ALT_CLOTH.vividteal,
    lamps: threeLamps,
    noiseGain: 2,
    toneMap: { strength: 0.35, radius: 40 },
    denoise: { chroma: 4, luma: 6, radius: 1.5 },
    sharpen: { amount: 1.6, radius: 0.8 },
    ballColours: TWENTY_FIFTH_MAKER_BALLS,
  },
  // A camera a little out of focus (a disc of 1.5 px at 1080 rows), its lens magnifying red 0.15 % more
  // and blue 0.15 % less than green (fringes 1.7 px each way at the frame's corners at 1080 rows),
  // exposed a little down for the pale bed (at the usual exposure its middle's blue was 229 at a middling
  // seed); two lamps; the usual set worn matte and scuffed.
  'slate-defocus': {
    cloth: ALT_CLOTH.paleslate,
    lamps: twoLamps,
    exposure: 0.85,
    balls: 'matte',
    scuffs: clubScuffs,
    defocus: 1.5,
    lateralCA: 0.0015,
  },
  // A TV-style sponsor's cloth under two lamps, a twenty-sixth maker's set.
  'shamrock-sponsor': {
    cloth: ALT_CLOTH.shamrock,
    lamps: twoLamps,
    print: sponsorPrint,
    ballColours: TWENTY_SIXTH_MAKER_BALLS,
  },
  // A warm and a cool LED panel, seen balanced between them, by a webcam on 50 Hz mains whose LEDs'
  // cheap driver leaves ±30 % of 100 Hz ripple: a row's 1/180 s exposure leaves 0.56 of it
  // (sin(0.56π) / 0.56π), ±17 %; the rows read out in 33 ms, 3.3 cycles, a cycle of bands every 0.3 of
  // the frame's height. The blue die's light swings 1.2 times as much, the phosphors' red 0.85 and
  // green 0.95 (their decay smoothing it). The usual set.
  'grape-flicker': {
    cloth: ALT_CLOTH.grape,
    lamps: mixedWhiteLeds,
    flicker: { depth: 0.17, period: 0.3, hue: [0.85, 0.95, 1.2] },
  },
  // A club table with what lies on it between frames (clutter.ts places the things among each case's
  // balls), a twenty-seventh maker's set.
  'rust-clutter': {
    cloth: ALT_CLOTH.rust,
    lamps: twoLamps,
    ballColours: TWENTY_SEVENTH_MAKER_BALLS,
  },
  // A camera whose lens has gathered dust and a fingerprint, the usual set.
  'peacock-dusty-lens': {
    cloth: ALT_CLOTH.peacock,
    lamps: threeLamps,
    lensDirt: dustyLens,
  },
  // A club table brushed and ironed before a match, under a canopy and the room's wall lights, the
  // match's onlookers standing beside it; a twenty-eighth maker's set.
  'denim-brushed': {
    cloth: ALT_CLOTH.denim,
    lamps: canopyAndWallLights,
    sheen: brushedLanes,
    onlookers: standingBeside,
    // The wall lights' shadows of a ball are long (its top's, 2.3 radii high, fall 1.5 times as far
    // out as they are high, and further across the bed).
    shadowReach: 6,
    ballColours: TWENTY_EIGHTH_MAKER_BALLS,
  },
  // A home table under a three-lamp canopy seen by a cheap 720p webcam whose MJPEG stream (at quality
  // 60, coarse enough for its full frame rate over USB 2) the capture scales up to the frame's size,
  // exposed a little down for the pale bed, the sensor's noise 1.5 times the usual (a small sensor's).
  // The usual set.
  'seafoam-720p': {
    cloth: ALT_CLOTH.seafoam,
    lamps: threeLamps,
    exposure: 0.85,
    noiseGain: 1.5,
    webcam: { rows: 720, quality: 60 },
  },
  // A club's match table under four lamps two by two, the referee's gloved hand reaching over it in
  // some frames (referee.ts places it; the style has nothing of it). A twenty-ninth maker's set.
  'maroon-referee': {
    cloth: ALT_CLOTH.maroon,
    lamps: quadLamps,
    ballColours: TWENTY_NINTH_MAKER_BALLS,
  },
  // A club's old CCTV camera over a table under a three-lamp canopy, its composite video digitised by
  // a capture card and scaled up; a little under-exposed for the light cloth, its CCD's noise 1.5 times
  // the usual. The usual set.
  'caramel-analogue': {
    cloth: ALT_CLOTH.caramel,
    lamps: threeLamps,
    exposure: 0.9,
    noiseGain: 1.5,
    analogue: analogueCapture,
  },
  // A club table under a three-lamp canopy, a bare bulb on the wall beyond the frame shining into the
  // camera's cheap lens. The usual set.
  'lagoon-flare': {
    cloth: ALT_CLOTH.lagoon,
    lamps: threeLamps,
    flare: bulbFlare,
  },
  // A streamed club table under two lamps, its camera's HDMI video decoded by the capture's software
  // with the wrong matrix and range. A thirtieth maker's set.
  'canary-capture': {
    cloth: ALT_CLOTH.canary,
    lamps: twoLamps,
    ballColours: THIRTIETH_MAKER_BALLS,
    capture: wrongCapture,
  },
  // A streamed club table under a three-lamp canopy, the lamps fitted with polarising film and the
  // camera with a filter crossed to it against their glare. A thirty-first maker's set, highly polished.
  'coral-polariser': {
    cloth: ALT_CLOTH.coral,
    lamps: threeLamps,
    balls: 'glossy',
    ballColours: THIRTY_FIRST_MAKER_BALLS,
    polariser: crossedPolarisers,
  },
  // A club table under four small bare halogen lamps two by two, an old CCD security camera over it
  // exposed well up for the dark cloth. The usual set.
  'umber-ccd': {
    cloth: ALT_CLOTH.umber,
    lamps: halogenLamps,
    exposure: 1.7,
    ccd: oldCcd,
  },
  // A club table under four cheap square LED panels down the middle, of a poor colour rendering (a blue
  // die and one narrow phosphor), the camera balanced to them. A thirty-second maker's set.
  'meadow-lowcri': {
    cloth: ALT_CLOTH.meadow,
    lamps: panelLamps,
    ballColours: THIRTY_SECOND_MAKER_BALLS,
    lamplight: cheapLeds,
  },
  // A club table under an ordinary three-lamp canopy, seen by a CCTV dome camera on the ceiling over it
  // through its smoked, wiped bubble. The usual set.
  'sapphire-dome': {
    cloth: ALT_CLOTH.sapphire,
    lamps: threeLamps,
    dome: cctvDome,
  },
  // A club table in a dim room (three weak lamps, the walls dark), seen at a high gain, a little under,
  // by a camera whose sensor has aged: hot and stuck photosites, fixed-pattern offsets, its amplifier's
  // glow in one corner (their strengths the sensor's at that gain). A thirty-third maker's set.
  'orchid-sensor': {
    cloth: ALT_CLOTH.orchid,
    lamps: threeLamps,
    exposure: 0.85,
    roomLight: 0.5,
    noiseGain: 2.5,
    ballColours: THIRTY_THIRD_MAKER_BALLS,
    sensor: agedSensor,
  },
  // A club table under two lamps, seen by a phone on a stand whose wide camera's lens-shading correction
  // is another module's: the corners darker and tinted magenta or green. The usual set.
  'sky-shading': {
    cloth: ALT_CLOTH.sky,
    lamps: twoLamps,
    shading: otherModule,
  },
  // A club table under four bare halogen lamps, seen by a day/night camera whose IR-cut filter has
  // stuck open: every surface's near infrared in red, some in green and blue, balanced to a white. The
  // usual set.
  'spring-infrared': {
    cloth: ALT_CLOTH.spring,
    lamps: halogenLamps,
    infrared: irCutOpen,
  },
  // A club table under two lamps, a projector on the ceiling casting the club's logo on it through a
  // coloured gobo, its spot elsewhere in every frame. A thirty-fourth maker's set.
  'hotpink-gobo': {
    cloth: ALT_CLOTH.hotpink,
    lamps: twoLamps,
    ballColours: THIRTY_FOURTH_MAKER_BALLS,
    gobo: goboProjector,
  },
  // A club table under three lamps seen by a CCTV camera whose on-screen display is on: its clock and
  // its name burned into the picture, partly over the bed. The usual set.
  'acid-cctv': {
    cloth: ALT_CLOTH.acid,
    lamps: threeLamps,
    osd: cctvDisplay,
  },
  // A club table under two lamps, streamed: the channel's logo and a score bug laid over the picture,
  // the table showing through them. A thirty-fifth maker's set.
  'cyan-stream': {
    cloth: ALT_CLOTH.cyan,
    lamps: twoLamps,
    ballColours: THIRTY_FIFTH_MAKER_BALLS,
    osd: streamGraphics,
  },
  // A club table under three lamps streamed by an IP camera over a network that loses packets: slices
  // of macroblocks hidden with the last frame's picture, shifted, or smeared. The usual set.
  'iris-packets': {
    cloth: ALT_CLOTH.iris,
    lamps: threeLamps,
    packetLoss: lostPackets,
  },
  // A club table under two lamps seen by a CCTV camera whose temporal noise reduction blends each frame
  // with the last where it changed little: its sensor's noise the filter's lesser share (half), a moving
  // ball's comet behind it. A thirty-sixth maker's set.
  'neon-nr': {
    cloth: ALT_CLOTH.neon,
    lamps: twoLamps,
    noiseGain: 0.5,
    ballColours: THIRTY_SIXTH_MAKER_BALLS,
    temporalNR,
  },
  // A club table under three lamps filmed by a phone or an action camera whose HDR merge takes a short
  // exposure just before this one: a moving ball's faint second image, the light flattened. The usual set.
  'ultraviolet-hdr': {
    cloth: ALT_CLOTH.ultraviolet,
    lamps: threeLamps,
    hdrMerge,
  },
  // A club table under four LED panels in a row, one of them failing (its driver cutting out): dark,
  // dim, or lit in this frame, the camera's auto exposure answering part of it. The usual set.
  'flamingo-lamp': {
    cloth: ALT_CLOTH.flamingo,
    lamps: panelLamps,
    lampFailure: failingLamp(4),
  },
  // A club table in a room with a window, its light mixed (pearl-window's), filmed by a camera whose
  // auto white balance hunts between the daylight and the bulbs. The usual set.
  'magenta-awb': {
    cloth: ALT_CLOTH.magenta,
    lamps: (t, power) => windowAndBulbs(t, power, 4),
    exposure: 0.5,
    shadowReach: 8,
    awbHunt: huntingAwb,
  },
  // One table of a club's row under three lamps, its camera wide enough to see the next table past the
  // far rail, a player's arm over it. A thirty-seventh maker's set.
  'pureblue-neighbour': {
    cloth: ALT_CLOTH.pureblue,
    lamps: threeLamps,
    ballColours: THIRTY_SEVENTH_MAKER_BALLS,
    neighbour: nextTable,
  },
  // A club table under three lamps with a thirty-eighth maker's set, its cue ball yellowed with age
  // towards its yellow.
  'celery-yellowed': {
    cloth: ALT_CLOTH.celery,
    lamps: threeLamps,
    ballColours: THIRTY_EIGHTH_MAKER_BALLS,
  },
  // An attic games room's three lamps and the low sun through a roof window: a bright patch of it on
  // the bed, the balls' long shadows in it (6 radii: the sun down to 25 degrees). A little down for the
  // patch; the room lit a little by the window's daylight. The usual set.
  'byzantium-sunpatch': {
    cloth: ALT_CLOTH.byzantium,
    lamps: threeLamps,
    exposure: 0.8,
    roomLight: 1.3,
    shadowReach: 6,
    sunPatch: roofWindowSun(threeLamps),
  },
  // A club table under three lamps, its rails fitted with RGB LED strips cycling round the rainbow.
  'kelly-underglow': {
    cloth: ALT_CLOTH.kelly,
    lamps: threeLamps,
    underglow: rgbStrips,
  },
  // A club table under two lamps, filmed by a camera on a pole ringing on its mount.
  'cardinal-shake': {
    cloth: ALT_CLOTH.cardinal,
    lamps: twoLamps,
    shake: ringingMount,
  },
  // A club table under three lamps, its cloth mended with sewn patches a shade off the bed. The usual set.
  'hyacinth-repaired': {
    cloth: ALT_CLOTH.hyacinth,
    lamps: threeLamps,
    repair: sewnPatches,
  },
  // A two-tone club table under two lamps: an aquamarine bed, its cushions covered in a contrasting
  // cloth. A thirty-ninth maker's set.
  'aquamarine-twotone': {
    cloth: ALT_CLOTH.aquamarine,
    lamps: twoLamps,
    ballColours: THIRTY_NINTH_MAKER_BALLS,
    cushionCloth: cushionsInContrast,
  },
  // A club table under three lamps, its cloth torn and darned closed with cross-stitches. The usual set.
  'sunflower-darned': {
    cloth: ALT_CLOTH.sunflower,
    lamps: threeLamps,
    darning: darnedTears,
  },
  // A club table under two lamps filmed by a 4:3 camera, its picture pillarboxed in a 16:9 stream (the
  // camera camera.ts's fourByThree, the stream stream.ts's). A fortieth maker's set.
  'menthol-pillarbox': {
    cloth: ALT_CLOTH.menthol,
    lamps: twoLamps,
    ballColours: FORTIETH_MAKER_BALLS,
    pillarbox: fourByThreeInSixteenByNine,
  },
  // Three small pendants hung low down the middle, one of them knocked and swinging. The usual set.
  'primrose-swaying': {
    cloth: ALT_CLOTH.primrose,
    lamps: pendantLamps,
    sway: knockedPendant,
  },
  // A club table under two lamps, drinks spilled on its bed and dried into stains. A forty-first maker's set.
  'maize-spilled': {
    cloth: ALT_CLOTH.maize,
    lamps: twoLamps,
    ballColours: FORTY_FIRST_MAKER_BALLS,
    spills: driedSpills,
  },
  // A club table under two lamps, the creases of its cover's folds across the bed. The usual set.
  'lawn-creased': {
    cloth: ALT_CLOTH.lawn,
    lamps: twoLamps,
    creases: coverCreases,
  },
  // A club table under three lamps. A forty-second maker's set, a pale one.
  'poppy-pastel': {
    cloth: ALT_CLOTH.poppy,
    lamps: threeLamps,
    ballColours: FORTY_SECOND_MAKER_BALLS,
  },
};

/** A style of a variant, varied by a seed (exposure, white balance, noise, gloss). */
export const altStyle = (t: Table, variant: AltVariant, seed: number, o: AltStyleOptions = {}): AltStyle => {
  const rng = makeRng(seed);
  const look = LOOKS[variant];
  // The draws keep their order, so that every variant's frames stay as they were rendered.
  const gain = variant === 'dim' ? rng.uniform(0.35, 0.5) : rng.uniform(0.75, 1.3);
  const warm = rng.uniform(-0.12, 0.12);
  const bias = look.warmBias ?? 0;
  const style: AltStyle = {
    cloth: look.cloth,
    clothGradient: rng.uniform(0.03, variant === 'worn' ? 0.15 : 0.08),
    nap: rng.uniform(0.03, 0.07),
    lamps: look.lamps(t, 1),
    ambient: rng.uniform(0.05, 0.15) * (look.roomLight ?? 1),
    gain: gain * (look.exposure ?? 1),
    whiteBalance: [1 + warm + bias, 1 + (look.tint ?? 0), 1 - warm - bias],
    noise: rng.uniform(1.5, 3.5) * (look.noiseGain ?? 1),
    ...ballFinish(look.balls, rng),
    ...(look.ballColours ? { ballColours: look.ballColours } : {}),
    ...(look.vignette ? { vignette: look.vignette } : {}),
    ...(look.shadowReach ? { shadowReach: look.shadowReach } : {}),
    ...(look.sharpen ? { sharpen: look.sharpen } : {}),
    ...(look.haze ? { haze: look.haze } : {}),
    ...(look.shutter ? { shutter: look.shutter } : {}),
    ...(look.defocus ? { defocus: look.defocus } : {}),
    ...(look.lateralCA ? { lateralCA: look.lateralCA } : {}),
    ...(look.toneMap ? { toneMap: look.toneMap } : {}),
    ...(look.denoise ? { denoise: look.denoise } : {}),
    // Drawn after every other draw, so that the variants without them keep theirs.
    ...(look.flicker ? { flicker: { ...look.flicker, phase: rng.uniform(0, 2 * Math.PI) } } : {}),
    ...(look.wear ? { wear: look.wear(t, rng) } : {}),
    ...(look.ballMarks ? { ballMarks: look.ballMarks(t, rng) } : {}),
    ...(look.chalkDabs ? { chalkDabs: look.chalkDabs(t, rng) } : {}),
    ...(look.mirror ? { mirror: look.mirror(t, rng) } : {}),
    ...(look.scuffs ? { scuffs: look.scuffs(t, rng) } : {}),
    ...(look.print ? { print: look.print(t, rng) } : {}),
    ...(look.lensDirt ? { lensDirt: look.lensDirt(rng) } : {}),
    ...(look.sheen ? { sheen: look.sheen(t, rng) } : {}),
    ...(look.onlookers ? { onlookers: look.onlookers(t, rng) } : {}),
    ...(look.webcam ? { webcam: look.webcam } : {}),
    ...(look.analogue ? { analogue: look.analogue(rng) } : {}),
    ...(look.flare ? { flare: look.flare(rng) } : {}),
    ...(look.capture ? { capture: look.capture(rng) } : {}),
    ...(look.polariser ? { polariser: look.polariser(rng) } : {}),
    ...(look.ccd ? { ccd: look.ccd(rng) } : {}),
    ...(look.lamplight ? { lamplight: look.lamplight(rng) } : {}),
    ...(look.dome ? { dome: look.dome(rng) } : {}),
    ...(look.shading ? { shading: look.shading(rng) } : {}),
    ...(look.sensor ? { sensor: look.sensor(rng) } : {}),
    ...(look.infrared ? { infrared: look.infrared(rng) } : {}),
    ...(look.gobo ? { lamps: [...look.lamps(t, 1), look.gobo(t, look.lamps(t, 1), rng)] } : {}),
    ...(look.osd ? { osd: look.osd(rng) } : {}),
    // The balls before this frame are the case's (bench/detect-alt altCase, motion.ts altHistory): none here.
    ...(look.packetLoss ? { packetLoss: look.packetLoss(rng), earlier: [] } : {}),
    ...(look.temporalNR ? { temporalNR: look.temporalNR(rng), earlier: [] } : {}),
    ...(look.hdrMerge ? { hdrMerge: look.hdrMerge(rng), earlier: [] } : {}),
    ...(look.lampFailure ? { lampFailure: look.lampFailure(rng) } : {}),
    ...(look.awbHunt ? { awbHunt: look.awbHunt(rng) } : {}),
    ...(look.neighbour ? { neighbour: look.neighbour(t, rng) } : {}),
    ...(look.sunPatch ? { lamps: look.sunPatch(t, rng) } : {}),
    ...(look.underglow ? { underglow: look.underglow(t, rng) } : {}),
    ...(look.shake ? { shake: look.shake(rng) } : {}),
    ...(look.repair ? { repair: look.repair(t, rng) } : {}),
    ...(look.cushionCloth ? { cushionCloth: look.cushionCloth(rng) } : {}),
    ...(look.darning ? { darning: look.darning(t, rng) } : {}),
    ...(look.pillarbox ? { pillarbox: look.pillarbox(rng) } : {}),
    ...(look.sway ? { sway: look.sway(rng) } : {}),
    ...(look.spills ? { spills: look.spills(t, rng) } : {}),
    ...(look.creases ? { creases: look.creases(t, rng) } : {}),
  };
  return o.box ? { ...style, box: boxBeside(t, seed + 1) } : style;
};

/** The ball set's specular reflection: its strength at normal incidence, its tightness, its spread. */
const ballFinish = (
  balls: AltLook['balls'],
  rng: ReturnType<typeof makeRng>,
): Pick<AltStyle, 'f0' | 'shininess' | 'gloss'> => {
  switch (balls) {
    case 'matte':
      return { f0: rng.uniform(0.025, 0.04), shininess: rng.uniform(10, 25), gloss: rng.uniform(0.25, 0.45) };
    case 'glossy':
      return { f0: rng.uniform(0.08, 0.1), shininess: rng.uniform(200, 400) };
    case 'satin':
      // A satin finish: a highlight as strong as a new set's, spread over a broad soft patch.
      return { f0: rng.uniform(0.05, 0.065), shininess: rng.uniform(18, 30), gloss: rng.uniform(0.65, 0.85) };
    case undefined:
      return { f0: rng.uniform(0.045, 0.07), shininess: rng.uniform(40, 120) };
  }
};
