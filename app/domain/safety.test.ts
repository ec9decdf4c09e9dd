import { expect, test } from "vitest";

import { safetyConcerns } from "./safety";

test("a gas smell, in the ways homeowners write it, is a gas concern", () => {
  for (const description of [
    "I smell gas near the stove",
    "Strong gas smell in the kitchen",
    "The oven smells like gas when it preheats",
    "There's a smell of gas behind the dryer",
    "Smells like rotten eggs around the range",
    "I think there's a GAS LEAK",
    "Range is leaking gas",
  ]) {
    expect(safetyConcerns(description), description).toEqual(["gas"]);
  }
});

test("burning, smoke and sparks are an electrical concern", () => {
  for (const description of [
    "Burning smell from the dryer",
    "There's a burnt smell when it runs",
    "Smoke came out of the back",
    "The microwave is smoking",
    "Sparks inside the microwave",
    "The outlet was sparking",
    "Arcing noise and a flash",
    "The oven caught fire",
  ]) {
    expect(safetyConcerns(description), description).toEqual(["electrical"]);
  }
});

test("water flooding or leaking onto the floor is a water concern", () => {
  for (const description of [
    "The washer is flooding the laundry room",
    "Water on the floor in front of the dishwasher",
    "The fridge is leaking onto the floor",
    "Big puddle under the ice maker",
    "The dishwasher overflowed",
    "Water   all over the floor after every cycle",
  ]) {
    expect(safetyConcerns(description), description).toEqual(["water"]);
  }
});

test("an ordinary description names no concern", () => {
  expect(safetyConcerns("The ice maker stopped working")).toEqual([]);
  expect(safetyConcerns("")).toEqual([]);
  expect(safetyConcerns("Fridge section warm, freezer fine.\nStarted Monday.")).toEqual([]);
});

test("whole words only: a gasket or a smoker grill is not a danger", () => {
  expect(safetyConcerns("The door gasket is torn")).toEqual([]);
  expect(safetyConcerns("Fridge next to the smoker grill stopped cooling")).toEqual([]);
  expect(safetyConcerns("Gas range: one burner clicks but won't light")).toEqual([]);
});

test("a denied danger does not count, another mention still does", () => {
  expect(safetyConcerns("No smoke, it just won't heat")).toEqual([]);
  expect(safetyConcerns("It doesn't smell like gas, the igniter clicks")).toEqual([]);
  expect(safetyConcerns("There is no water on the floor")).toEqual([]);
  expect(safetyConcerns("No sparks, but now I smell gas")).toEqual(["gas"]);
  expect(safetyConcerns("Isn't cooling and smells like gas")).toEqual(["gas"]);
});

test("several concerns come in a fixed order, gas first", () => {
  expect(safetyConcerns("Water on the floor, sparks from the plug and a rotten egg smell")).toEqual(
    ["gas", "electrical", "water"],
  );
});

test("a homeowner who writes in Spanish is warned the same way (issue 39)", () => {
  expect(safetyConcerns("La secadora huele a gas cuando prende")).toEqual(["gas"]);
  expect(safetyConcerns("Hay olor a gas detrás de la estufa")).toEqual(["gas"]);
  expect(safetyConcerns("Salen chispas del microondas")).toEqual(["electrical"]);
  expect(safetyConcerns("Huele a quemado y sale humo")).toEqual(["electrical"]);
  expect(safetyConcerns("Hay agua en el piso de la cocina")).toEqual(["water"]);
  expect(safetyConcerns("La lavadora inundó... está inundado el cuarto")).toEqual(["water"]);
  // A negation before the phrase turns it off, as in English.
  expect(safetyConcerns("No huele a gas, solo hace ruido")).toEqual([]);
  expect(safetyConcerns("Sin humo ni chispas, pero no enciende")).toEqual([]);
});
