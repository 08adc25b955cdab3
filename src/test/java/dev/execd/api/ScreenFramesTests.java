package dev.execd.api;

import java.util.ArrayList;
import java.util.List;

import dev.execd.ScreenReplica;
import dev.execd.session.ScreenSnapshot;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frames of a screen stream on their own: their JSON as the contract writes it, and a
 * client that applies each diff to the frame before holding the screen.
 */
class ScreenFramesTests {

	private static final JsonMapper JSON = JsonMapper.builder()
		.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
		.build();

	private static final ScreenSnapshot.Run RED = new ScreenSnapshot.Run(0, 3, 1, -1, 1);

	private static ScreenSnapshot screen(long offset, List<String> lines, List<List<ScreenSnapshot.Run>> styles,
			int cursorRow, int cursorCol, String title) {
		return new ScreenSnapshot(10, lines.size(), lines, styles, cursorRow, cursorCol, true, false, title, List.of(),
				offset);
	}

	private static JsonNode json(ScreenFrames.Event event) {
		return JSON.readTree(JSON.writeValueAsString(event));
	}

	@Test
	void theFirstFrameIsTheWholeScreenWithStyleRunsAsArrays() {
		ScreenSnapshot screen = screen(42, List.of("red", "", "x"), List.of(List.of(RED), List.of(), List.of()), 2, 1,
				"t");
		ScreenFrames.Event event = ScreenFrames.next(null, screen, 7);
		assertThat(event.event()).isEqualTo("frame");
		assertThat(event.seq()).isEqualTo(7);
		assertThat(json(event)).isEqualTo(JSON.readTree("""
				{"seq":7,"offset":42,"cols":10,"rows":3,"lines":["red","","x"],"styles":[[[0,3,1,-1,1]],[],[]],
				"cursor":{"row":2,"col":1,"visible":true},"alt_screen":false,"title":"t"}"""));
	}

	@Test
	void aDiffCarriesOnlyTheRowsThatChangedInTextOrStyle() {
		ScreenSnapshot before = screen(42, List.of("red", "", "x"), List.of(List.of(RED), List.of(), List.of()), 2, 1,
				null);
		ScreenSnapshot after = screen(50, List.of("red", "", "xy"), List.of(List.of(), List.of(), List.of()), 2, 2,
				"new");
		ScreenFrames.Event event = ScreenFrames.next(before, after, 8);
		assertThat(event.event()).isEqualTo("frame_diff");
		assertThat(json(event)).isEqualTo(JSON.readTree("""
				{"seq":8,"offset":50,"changed":[{"row":0,"line":"red","styles":[]},{"row":2,"line":"xy","styles":[]}],
				"cursor":{"row":2,"col":2,"visible":true},"alt_screen":false,"title":"new"}"""));
	}

	@Test
	void anUnchangedScreenGivesADiffWithNoRows() {
		ScreenSnapshot screen = screen(1, List.of("a"), List.of(List.of()), 0, 1, null);
		assertThat(json(ScreenFrames.next(screen, screen, 2)).get("changed").isEmpty()).isTrue();
	}

	@Test
	void aResizeGivesAWholeFrame() {
		ScreenSnapshot small = screen(1, List.of("a"), List.of(List.of()), 0, 1, null);
		ScreenSnapshot tall = screen(1, List.of("a", ""), List.of(List.of(), List.of()), 0, 1, null);
		ScreenFrames.Event event = ScreenFrames.next(small, tall, 3);
		assertThat(event).isEqualTo(ScreenFrames.full(tall, 3));
		assertThat(json(event).get("rows").asInt()).isEqualTo(2);
	}

	@Test
	void diffsAppliedInOrderGiveEachScreen() {
		List<ScreenSnapshot> screens = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			List<String> lines = new ArrayList<>();
			List<List<ScreenSnapshot.Run>> styles = new ArrayList<>();
			for (int row = 0; row < 4; row++) {
				lines.add((i % (row + 2) == 0) ? "row " + row + " at " + i : "row " + row);
				styles.add((i + row) % 3 == 0 ? List.of(new ScreenSnapshot.Run(row, 2, i % 16, -1, 0)) : List.of());
			}
			screens.add(screen(i * 10, lines, styles, i % 4, i % 10, (i % 5 == 0) ? "title " + i : null));
		}
		ScreenReplica client = new ScreenReplica(json(ScreenFrames.next(null, screens.get(0), 1)));
		for (int i = 1; i < screens.size(); i++) {
			ScreenFrames.Event diff = ScreenFrames.next(screens.get(i - 1), screens.get(i), i + 1);
			client.apply(diff.event(), json(diff));
			assertThat(client.screen()).isEqualTo(json(ScreenFrames.full(screens.get(i), i + 1)));
		}
	}

}
