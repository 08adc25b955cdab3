package dev.execd.config;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link HeapFootprint} against a JVM that, like HotSpot, refuses a minimum free ratio
 * above the maximum at every single change.
 */
class HeapFootprintOrderTests {

	private final Map<String, VMOption> flags = new HashMap<>();

	@Test
	void lowersTheMinimumBeforeTheMaximumAndRaisesTheMaximumFirst() {
		defaults(true);
		assertThat(footprint().apply(heap(10, 30, Duration.ofSeconds(60)))).containsExactly("MinHeapFreeRatio=10",
				"MaxHeapFreeRatio=30", "G1PeriodicGCInterval=60000");
		defaults(true);
		assertThat(footprint().apply(heap(75, 90, Duration.ZERO))).containsExactly("MaxHeapFreeRatio=90",
				"MinHeapFreeRatio=75");
	}

	@Test
	void leavesBothRatiosWhenTheCommandLineSetEither() {
		defaults(true);
		this.flags.put("MinHeapFreeRatio", new VMOption("MinHeapFreeRatio", "20", true, VMOption.Origin.VM_CREATION));
		assertThat(footprint().apply(heap(10, 30, Duration.ofSeconds(60))))
			.containsExactly("G1PeriodicGCInterval=60000");
		assertThat(this.flags.get("MaxHeapFreeRatio").getValue()).isEqualTo("70");
	}

	@Test
	void setsTheIdleCollectionOnlyForG1AndOnlyWhenUnset() {
		defaults(false);
		assertThat(footprint().apply(heap(10, 30, Duration.ofSeconds(60)))).containsExactly("MinHeapFreeRatio=10",
				"MaxHeapFreeRatio=30");
		defaults(true);
		this.flags.put("G1PeriodicGCInterval",
				new VMOption("G1PeriodicGCInterval", "1000", true, VMOption.Origin.ENVIRON_VAR));
		assertThat(footprint().apply(heap(40, 70, Duration.ofSeconds(60)))).isEmpty();
		assertThat(this.flags.get("G1PeriodicGCInterval").getValue()).isEqualTo("1000");
	}

	@Test
	void aJvmWithoutTheFlagsStartsAsItIs() {
		defaults(true);
		this.flags.remove("G1PeriodicGCInterval");
		assertThat(footprint().apply(heap(10, 30, Duration.ofSeconds(60)))).containsExactly("MinHeapFreeRatio=10",
				"MaxHeapFreeRatio=30");
		this.flags.clear();
		assertThat(footprint().apply(heap(10, 30, Duration.ofSeconds(60)))).isEmpty();
	}

	@Test
	void refusesRatiosOutOfOrderOrRange() {
		assertThatThrownBy(() -> heap(40, 30, Duration.ZERO)).hasMessageContaining("0 <= min <= max <= 100");
		assertThatThrownBy(() -> heap(-1, 30, Duration.ZERO)).hasMessageContaining("0 <= min <= max <= 100");
		assertThatThrownBy(() -> heap(10, 101, Duration.ZERO)).hasMessageContaining("0 <= min <= max <= 100");
		assertThatThrownBy(() -> heap(10, 30, Duration.ofSeconds(-1)))
			.hasMessageContaining("execd.heap.idle-collection and native-trim must not be negative");
		assertThatThrownBy(() -> new ExecdProperties.Heap(10, 30, Duration.ZERO, Duration.ofSeconds(-1)))
			.hasMessageContaining("execd.heap.idle-collection and native-trim must not be negative");
	}

	private static ExecdProperties.Heap heap(int minFreeRatio, int maxFreeRatio, Duration idleCollection) {
		return new ExecdProperties.Heap(minFreeRatio, maxFreeRatio, idleCollection, Duration.ofSeconds(30));
	}

	private void defaults(boolean g1) {
		this.flags.clear();
		put("MinHeapFreeRatio", "40");
		put("MaxHeapFreeRatio", "70");
		put("G1PeriodicGCInterval", "0");
		put("UseG1GC", Boolean.toString(g1));
	}

	private void put(String name, String value) {
		this.flags.put(name, new VMOption(name, value, true, VMOption.Origin.DEFAULT));
	}

	private HeapFootprint footprint() {
		HotSpotDiagnosticMXBean vm = (HotSpotDiagnosticMXBean) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { HotSpotDiagnosticMXBean.class }, (proxy, method, args) -> switch (method.getName()) {
					case "getVMOption" -> {
						VMOption option = this.flags.get((String) args[0]);
						if (option == null) {
							// As HotSpot answers for a flag it does not have.
							throw new IllegalArgumentException("VM option \"" + args[0] + "\" does not exist");
						}
						yield option;
					}
					case "setVMOption" -> {
						set((String) args[0], (String) args[1]);
						yield null;
					}
					default -> throw new UnsupportedOperationException(method.getName());
				});
		return new HeapFootprint(vm);
	}

	private void set(String name, String value) {
		Map<String, VMOption> after = new HashMap<>(this.flags);
		after.put(name, new VMOption(name, value, true, VMOption.Origin.MANAGEMENT));
		int min = Integer.parseInt(after.get("MinHeapFreeRatio").getValue());
		int max = Integer.parseInt(after.get("MaxHeapFreeRatio").getValue());
		if (min > max) {
			throw new IllegalArgumentException(name + " " + value + " would put the minimum above the maximum");
		}
		this.flags.putAll(after);
	}

}
