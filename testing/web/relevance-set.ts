/**
 * The Spanish relevance set: queries as people type them and the note that
 * should come up in the first five, over the test vault in `web/search/fixtures/`. Each
 * says what it exercises; `grep -ril` (the seed's search) fails most of them.
 */
export interface RelevanceCase {
  query: string;
  expected: string;
  kind: 'accent' | 'plural' | 'stem' | 'typo' | 'question' | 'exact' | 'metadata';
}

export const relevanceSet: RelevanceCase[] = [
  { query: 'boveda', expected: '01_Caracter/Bóveda.md', kind: 'accent' },
  { query: 'bóveda', expected: '01_Caracter/Bóveda.md', kind: 'exact' },
  {
    query: 'recuperar fotos',
    expected: '00_Entrada/Recuperación de fotos borradas.md',
    kind: 'stem',
  },
  {
    query: 'recuperacion',
    expected: '00_Entrada/Recuperación de fotos borradas.md',
    kind: 'accent',
  },
  { query: 'tomate', expected: '03_Proyectos/Huerto urbano.md', kind: 'plural' },
  { query: 'lechuga', expected: '03_Proyectos/Huerto urbano.md', kind: 'plural' },
  { query: 'meditar', expected: '02_Conciencia/Meditación diaria.md', kind: 'stem' },
  { query: 'meditacion', expected: '02_Conciencia/Meditación diaria.md', kind: 'accent' },
  {
    query: 'organizar el estudio',
    expected: '03_Proyectos/Organización del estudio.md',
    kind: 'stem',
  },
  { query: 'ninez', expected: '02_Conciencia/Niñez.md', kind: 'accent' },
  { query: 'guitara', expected: '03_Proyectos/Aprender guitarra.md', kind: 'typo' },
  { query: 'maraton', expected: '03_Proyectos/Maratón.md', kind: 'accent' },
  { query: 'entrenar para un maratón', expected: '03_Proyectos/Maratón.md', kind: 'stem' },
  {
    query: '¿cómo arreglo un pinchazo de la bici?',
    expected: '06_Archivo/Reparar la bicicleta.md',
    kind: 'question',
  },
  {
    query: '¿cuándo plantar bulbos?',
    expected: '06_Archivo/Jardinería de otoño.md',
    kind: 'question',
  },
  {
    query: 'declaracion de la renta',
    expected: '06_Archivo/Declaración de la renta 2023.md',
    kind: 'accent',
  },
  { query: 'impuestos', expected: '06_Archivo/Declaración de la renta 2023.md', kind: 'metadata' },
  { query: 'fotografiar estrellas', expected: '03_Proyectos/Fotografía nocturna.md', kind: 'stem' },
  { query: 'vacunas del perro', expected: '06_Archivo/Veterinario de Toby.md', kind: 'plural' },
  { query: 'cancion', expected: '03_Proyectos/Aprender guitarra.md', kind: 'accent' },
  {
    query: '¿cómo ahorrar dinero cada mes?',
    expected: '05_Salida/Presupuesto mensual.md',
    kind: 'question',
  },
  {
    query: 'receta de tortilla de patata',
    expected: '05_Salida/Receta de tortilla.md',
    kind: 'plural',
  },
  { query: 'lectura de libros', expected: '05_Salida/Resumen de lecturas.md', kind: 'metadata' },
  { query: 'no puedo conciliar el sueno', expected: '02_Conciencia/Insomnio.md', kind: 'question' },
  {
    query: 'tarjetas de vocabulario ingles',
    expected: '03_Proyectos/Aprender inglés.md',
    kind: 'accent',
  },
  { query: 'copia de seguridad', expected: '00_Entrada/Copias de seguridad.md', kind: 'plural' },
  { query: 'respiracion', expected: '02_Conciencia/Meditación diaria.md', kind: 'accent' },
  { query: 'mudanzas', expected: '03_Proyectos/Mudanza.md', kind: 'plural' },
  { query: 'natacion', expected: '06_Archivo/Nadar en invierno.md', kind: 'accent' },
  { query: 'principios', expected: '01_Caracter/Valores.md', kind: 'metadata' },
  { query: 'cafe de etiopia', expected: '06_Archivo/Café de especialidad.md', kind: 'accent' },
  { query: 'miedo a hablar en publico', expected: '01_Caracter/Miedos.md', kind: 'question' },
  { query: 'abuela', expected: '04_Sueños/La casa de la abuela.md', kind: 'exact' },
  { query: 'medtiacion', expected: '02_Conciencia/Meditación diaria.md', kind: 'typo' },
  { query: 'soñé que volaba', expected: '04_Sueños/Volar sobre la ciudad.md', kind: 'stem' },
];
